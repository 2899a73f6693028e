// plugin-client emitters on the demo contract: signatures, query keys, escaping, determinism.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ts from 'typescript';
import { runGenerator, type GeneratedFile } from '@reslayer/core/host';
import { pluginClient } from '../src/plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const demo = path.join(root, 'examples/public-crm/openapi.yaml');

async function generate(): Promise<Map<string, string>> {
  const out = mkdtempSync(path.join(tmpdir(), 'reslayer-client-'));
  try {
    const result = await runGenerator({ input: demo, outputRoot: out, srcDir: 'src', plugins: [pluginClient()], allowRemoteRefs: false });
    return new Map(result.files.map((f: GeneratedFile) => [f.path, f.contents]));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Exported names of a file: `value x`, `type X`, or `types * from ./m.js` for `export type *`. */
function exportsOf(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if ((ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) && exported(st)) out.push(`type ${st.name.text}`);
    else if (ts.isVariableStatement(st) && exported(st)) for (const d of st.declarationList.declarations) out.push(`value ${d.name.getText(sf)}`);
    else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && exported(st)) out.push(`value ${st.name?.text ?? 'default'}`);
    else if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : '';
      if (!st.exportClause) out.push(`${st.isTypeOnly ? 'types' : 'values'} * from ${from}`);
      else if (ts.isNamedExports(st.exportClause)) for (const e of st.exportClause.elements) out.push(`${st.isTypeOnly || e.isTypeOnly ? 'type' : 'value'} ${e.name.text}`);
    }
  }
  return out;
}

describe('plugin-client on the demo', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await generate();
  });

  it('emits components.types.ts once and 4 files per resource', () => {
    expect([...files.keys()].filter((p) => p.endsWith('components.types.ts'))).toEqual(['shared/api/generated/components.types.ts']);
    expect(files.size).toBe(1 + 6 * 4);
  });

  it('gives the CRUD client the methods and argument order of spec §2, path parameters typed by their schema', () => {
    const client = files.get('shared/api/generated/contacts/contacts.client.ts') ?? '';
    const generic = '<O extends CallOptions = RequestOptions>';
    expect(client).toContain(`listContacts${generic}(params?: ListContactsParams, options?: O): Promise<CallResult<ListContactsResponse, O>>`);
    expect(client).toContain(`getContact${generic}(contactId: string, options?: O): Promise<CallResult<GetContactResponse, O>>`);
    expect(client).toContain(`createContact${generic}(payload: CreateContactPayload, options?: O): Promise<CallResult<CreateContactResponse, O>>`);
    expect(client).toContain(`updateContact${generic}(contactId: string, payload: UpdateContactPayload, options?: O)`);
    expect(client).toContain(`deleteContact${generic}(contactId: string, options?: O): Promise<CallResult<DeleteContactResponse, O>>`);
    expect(client).toContain("responseType: 'none'");
  });

  it('builds the methods on a client instance: the default one, and any other through with()', () => {
    const client = files.get('shared/api/generated/contacts/contacts.client.ts') ?? '';
    expect(client).toContain("import { defaultClient, type CallOptions, type CallResult, type Client, type RequestOptions } from '@reslayer/runtime';");
    expect(client).toContain('const contactsMethods = (_client: Client) => ({');
    expect(client).toContain('return _client.request<GetContactResponse, O>({');
    expect(client).toContain('export const contactsClient = {\n  ...contactsMethods(defaultClient),\n');
    expect(client).toContain('  with: contactsMethods,\n};\n');
  });

  it('serializes query arrays as the contract says (explode false → queryStyles) and reads binary as blob', () => {
    expect(files.get('shared/api/generated/search/search.client.ts')).toContain("queryStyles: { types: { style: 'form', explode: false } }");
    const download = files.get('shared/api/generated/filesDownload/filesDownload.client.ts') ?? '';
    expect(download).toContain("responseType: 'blob'");
    expect(download).toContain("accept: 'application/octet-stream, application/json;q=0.9'");
  });

  it('builds hierarchical query keys', () => {
    const keys = files.get('shared/api/generated/contacts/contacts.query-keys.ts') ?? '';
    expect(keys).toContain("const all = ['contacts'] as const;");
    expect(keys).toContain("list: (params?: ListContactsParams) => [...lists(), params ?? {}] as const,");
    expect(keys).toContain('detail: (contactId: string | number) => [...details(), contactId] as const,');
  });

  it('keeps readOnly fields out of the create payload type', () => {
    expect(files.get('shared/api/generated/contacts/contacts.types.ts')).toContain('export type CreateContactPayload = Schemas.ContactWritable;');
    const components = files.get('shared/api/generated/components.types.ts') ?? '';
    const writable = components.slice(components.indexOf('export type ContactWritable'));
    expect(writable.slice(0, writable.indexOf('};'))).not.toMatch(/\bid: string|createdAt/);
  });

  it('emits files that parse and export what each kind of file promises', () => {
    for (const [name, text] of files) {
      const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      expect([name, (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length]).toEqual([name, 0]);
      const exported = exportsOf(sf);
      const resource = /^shared\/api\/generated\/([^/]+)\//.exec(name)?.[1] ?? '';
      if (name.endsWith('.client.ts')) expect([name, exported]).toEqual([name, [`value ${resource}Client`]]);
      else if (name.endsWith('.query-keys.ts')) expect([name, exported]).toEqual([name, [`value ${resource}QueryKeys`]]);
      else if (name.endsWith('/index.ts')) expect([name, exported]).toEqual([name, [`value ${resource}Client`, `value ${resource}QueryKeys`, `types * from ./${resource}.types.js`]]);
      else {
        // contacts.types.ts and components.types.ts: types only, and not empty.
        expect(name).toMatch(/\.types\.ts$/);
        expect([name, exported.filter((e) => !e.startsWith('type '))]).toEqual([name, []]);
        expect(exported.length).toBeGreaterThan(0);
      }
    }
    expect(exportsOf(ts.createSourceFile('t.ts', files.get('shared/api/generated/contacts/contacts.types.ts') ?? '', ts.ScriptTarget.Latest))).toEqual(
      expect.arrayContaining(['type Contact', 'type ListContactsParams', 'type ListContactsResponse', 'type CreateContactPayload', 'type DeleteContactError']),
    );
  });

  it('emits exactly the client files of the committed demo output, byte for byte', () => {
    const committed = path.join(root, 'examples/public-crm/generated/src');
    for (const [name, text] of files) expect([name, text]).toEqual([name, readFileSync(path.join(committed, name), 'utf8')]);
  });

  it('is deterministic', async () => {
    const again = await generate();
    expect([...again.entries()]).toEqual([...files.entries()]);
  });
});

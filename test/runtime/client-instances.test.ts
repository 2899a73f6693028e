// The generated resource clients bound to client instances: `contactsClient.with(client)` sends through that
// client (its base URL, fetch, auth and interceptors), the plain `contactsClient` through the default client,
// `{ raw: true }` gives the response and a download's file name, and all of it type-checks with TypeScript 5.9
// and 7 (strict, exactOptionalPropertyTypes). The built CLI (`pnpm build` first) generates the demo into
// `.runtime-out/client-instances/`; the client folder is compiled to JavaScript and imported.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configureClient, createClient, resetClientConfig } from '@reslayer/runtime';
import { ROOT } from '../helpers/paths.js';
import { typecheck } from '../utils/typecheck.js';
import { generateAndCompile, type CompiledLayer } from './helpers/layer.js';

type Method = (...args: unknown[]) => Promise<unknown>;
type ResourceClient = Record<string, Method> & { with: (client: unknown) => Record<string, Method> };

let layer: CompiledLayer;
let contacts: ResourceClient;
let files: ResourceClient;

/** A fetch that records the URL and Authorization of each request and answers with `respond()`. */
function recorder(respond: () => Response = () => Response.json({ id: 'c1' })) {
  const seen: string[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    seen.push(`${String(input)} ${new Headers(init.headers).get('authorization') ?? '-'}`);
    return respond();
  };
  return { fetch: fetchImpl as typeof fetch, seen };
}

async function load(resource: string): Promise<ResourceClient> {
  const file = path.join(layer.srcDir, `shared/api/generated/${resource}/${resource}.client.js`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, ResourceClient>;
  const client = module[`${resource}Client`];
  if (client === undefined) throw new Error(`no ${resource}Client in ${file}`);
  return client;
}

beforeAll(async () => {
  layer = generateAndCompile('client-instances', path.join(ROOT, 'examples/public-crm/openapi.yaml'));
  contacts = await load('contacts');
  files = await load('filesDownload');
});

afterEach(() => resetClientConfig());

describe('a generated resource client bound to client instances', () => {
  it('with(client) sends through that instance; the plain client through the default one', async () => {
    const crm = recorder();
    const billing = recorder();
    const fallback = recorder();
    configureClient({ baseUrl: 'https://default.test', fetch: fallback.fetch });
    const a = createClient({ baseUrl: 'https://crm.test', fetch: crm.fetch, auth: { type: 'bearer', token: 'crm-token' } });
    const b = createClient({ baseUrl: 'https://billing.test/v2', fetch: billing.fetch });
    await contacts.with(a)['getContact']?.('c1');
    await contacts.with(b)['getContact']?.('c2');
    await contacts['getContact']?.('c3');
    expect([crm.seen, billing.seen, fallback.seen]).toEqual([
      ['https://crm.test/api/v1/contacts/c1 Bearer crm-token'],
      ['https://billing.test/v2/api/v1/contacts/c2 -'],
      ['https://default.test/api/v1/contacts/c3 -'],
    ]);
    expect(Object.keys(contacts).sort()).toEqual(['createContact', 'deleteContact', 'getContact', 'listContacts', 'updateContact', 'with']);
    expect(Object.keys(contacts.with(a)).sort()).toEqual(['createContact', 'deleteContact', 'getContact', 'listContacts', 'updateContact']);
  });

  it('{ raw: true } resolves to the data, the response and the download file name', async () => {
    const { fetch } = recorder(() => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="q3 report.pdf"' } }));
    const result = (await files.with(createClient({ fetch }))['downloadFile']?.('f1', { raw: true })) as { data: Blob; response: Response; fileName: string };
    expect([result.fileName, result.response.headers.get('content-type'), await result.data.text(), (result.data as File).name]).toEqual(['q3 report.pdf', 'application/pdf', '%PDF', 'q3 report.pdf']);
  });

  it('type-checks with TypeScript 5.9 and 7: with(), raw results and the data type without raw', () => {
    const probe = `import { createClient } from '@reslayer/runtime';
import { contactsClient, type GetContactResponse } from './shared/api/generated/contacts/index.js';
import { filesDownloadClient } from './shared/api/generated/filesDownload/index.js';

const crm = createClient({ baseUrl: 'https://crm.test', cache: 'no-store', interceptors: { onResponse: ({ response, retry }) => (response.status === 401 ? retry() : undefined) } });
export async function probe(signal: AbortSignal): Promise<string[]> {
  const plain: GetContactResponse = await contactsClient.getContact('c1', { signal, priority: 'high' });
  const bound: GetContactResponse = await contactsClient.with(crm).getContact('c1');
  const raw = await contactsClient.with(crm).getContact('c1', { raw: true });
  const contact: GetContactResponse = raw.data;
  const etag: string | null = raw.response.headers.get('etag');
  const file = await filesDownloadClient.downloadFile('f1', { raw: true });
  const name: string | undefined = file.fileName;
  const blob: Blob = file.data;
  const notRaw: GetContactResponse = await contactsClient.getContact('c1', { raw: false });
  // @ts-expect-error with raw: true the result is { data, response, fileName }, not the contact
  const wrong: GetContactResponse = await contactsClient.getContact('c1', { raw: true });
  // @ts-expect-error a bound client has no with()
  contactsClient.with(crm).with(crm);
  // @ts-expect-error mode is a RequestMode
  await contactsClient.getContact('c1', { mode: 'sideways' });
  return [plain.id, bound.id, contact.id, String(etag), String(name), String(blob.size), notRaw.id, String(wrong)];
}
`;
    writeFileSync(path.join(layer.srcDir, 'probe.ts'), probe);
    const r = typecheck(layer.outDir, { include: ['src/shared/api/generated/**/*.ts', 'src/probe.ts'] });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles.some((f) => f.endsWith('/src/probe.ts'))).toBe(true);
  });
});

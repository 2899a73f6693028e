// Hostile contract (fixtures/openapi/hostile/hostile.yaml) through the built CLI (`pnpm build` first):
// names, texts and values that try to leave the output folder, close strings and comments, inject code,
// break lines, reorder text (bidi controls), pollute prototypes or exceed file-name limits.
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpHandler } from 'msw';
import ts from 'typescript';
import { loadContract } from '@reslayer/core/host';
import { clientOperations, listFiles, outDirOf, runCli, snapshotTree, type CliRun, type GenerateJson } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { transpileMocks } from '../packages/plugin-mocks/test/helpers.js';
import { COMMENT_KINDS, lineTerminatorsInStrings, STRING_KINDS, syntaxErrors, tokens, transpile } from './helpers/source.js';
import { CLIENT_HOOKS_INCLUDE, FULL_INCLUDE, typecheck } from './helpers/typecheck.js';

const CONTRACT = fixture('hostile/hostile.yaml');
/** `.fixtures-out/hostile`: holds sentinels at three levels above the output root. */
const BASE = outDirOf('hostile');
const OUT = path.join(BASE, 'a', 'b', 'out');
const SENTINELS = [path.join(BASE, 'sentinel.txt'), path.join(BASE, 'a', 'sentinel.txt'), path.join(BASE, 'a', 'b', 'sentinel-dir', 'keep.txt')];

let run: CliRun;
let json: GenerateJson;
let files: string[];
let tsFiles: string[];
let before: string;
const text = new Map<string, string>();
const rel = (f: string) => path.relative(OUT, f).split(path.sep).join('/');

/** The tree around the output root, without the output root itself. */
function surroundings(): string {
  return snapshotTree(BASE)
    .split('\n')
    .filter((l) => !l.startsWith(`a${path.sep}b${path.sep}out`))
    .join('\n');
}

beforeAll(() => {
  rmSync(BASE, { recursive: true, force: true });
  for (const s of SENTINELS) {
    mkdirSync(path.dirname(s), { recursive: true });
    writeFileSync(s, `sentinel ${path.relative(BASE, s)}\n`);
  }
  before = surroundings();
  run = runCli(['generate', CONTRACT, '--output', OUT, '--json']);
  json = JSON.parse(run.stdout) as GenerateJson;
  files = listFiles(OUT);
  tsFiles = files.filter((f) => f.endsWith('.ts'));
  for (const f of tsFiles) text.set(f, readFileSync(f, 'utf8'));
});

describe('hostile contract: generation', () => {
  it('generate succeeds (exit 0, no error diagnostics) and writes a layer', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(json.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(tsFiles.length).toBeGreaterThan(50);
  });

  it('every operation of the contract is a client method, its path written back exactly', async () => {
    const { document } = await loadContract(CONTRACT);
    const ops: string[] = [];
    for (const [p, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const m of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) if (item[m] !== undefined) ops.push(`${m.toUpperCase()} ${p}`);
    }
    // 12 path items, 14 operations (the /constructor and /toString/hasOwnProperty/valueOf items have two each).
    expect(ops).toHaveLength(14);
    expect([...clientOperations(tsFiles, (f) => text.get(f) ?? '')].sort()).toEqual(ops.sort());
    expect(ops).toContain('DELETE /line\nbreak/{x}\u2028ls');
  });
});

describe('hostile contract: nothing leaves the output root', () => {
  it('every written file resolves inside the output root, with no symbolic links', () => {
    const root = realpathSync(OUT) + path.sep;
    const outside = files.filter((f) => !realpathSync(f).startsWith(root) || lstatSync(f).isSymbolicLink());
    expect(outside).toEqual([]);
  });

  it('every path the run reports resolves inside the output root and is on disk', () => {
    const reported = [...json.files, ...json.created];
    expect(reported.length).toBeGreaterThan(0);
    for (const p of reported) {
      const abs = path.resolve(OUT, p);
      expect(abs.startsWith(OUT + path.sep)).toBe(true);
      expect(p.split('/')).not.toContain('..');
    }
    expect(files.map(rel).sort()).toEqual(['.reslayer-manifest.json', ...json.files].sort());
  });

  it('file and folder names are plain and short (a 10,000-character name does not reach the file system)', () => {
    for (const f of files.map(rel)) {
      for (const segment of f.split('/')) {
        expect(segment).toMatch(/^[A-Za-z0-9_.$-]+$/);
        expect(segment.length).toBeLessThan(120);
      }
    }
  });

  it('the sentinels next to and above the output root are untouched, and nothing new appears there', () => {
    for (const s of SENTINELS) expect(readFileSync(s, 'utf8')).toBe(`sentinel ${path.relative(BASE, s)}\n`);
    expect(surroundings()).toBe(before);
  });
});

describe('hostile contract: every generated file is well-formed', () => {
  it('every file parses (no parse diagnostics)', () => {
    const errors = tsFiles.flatMap((f) => syntaxErrors(rel(f), text.get(f) ?? ''));
    expect(errors).toEqual([]);
  });

  it('no string literal holds a raw line terminator', () => {
    const bad = tsFiles.flatMap((f) => lineTerminatorsInStrings(text.get(f) ?? '').map((t) => `${rel(f)}: ${JSON.stringify(t)}`));
    expect(bad).toEqual([]);
  });

  it('no file holds CR, U+2028, U+2029, bidirectional controls or other control characters (only LF and tab)', () => {
    const bad = tsFiles.filter((f) => /[\r\u2028\u2029\u202a-\u202e\u2066-\u2069\u0000-\u0008\u000b-\u001f\u007f]/.test(text.get(f) ?? ''));
    expect(bad.map(rel)).toEqual([]);
  });

  it('client + hooks output type-checks with TypeScript 5.9 and 7', () => {
    const r = typecheck(OUT, { tsconfigName: 'tsconfig.client-hooks.json', include: CLIENT_HOOKS_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles).toEqual(tsFiles.filter((f) => /[/\\]src[/\\](shared[/\\]api[/\\]generated|features[/\\][^/\\]+[/\\]api)[/\\]/.test(f)));
  });

  it('full output (all four plugins) type-checks with TypeScript 5.9 and 7', () => {
    const r = typecheck(OUT, { tsconfigName: 'tsconfig.json', include: FULL_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles).toEqual(tsFiles);
  });
});

describe('hostile contract: contract text cannot become code', () => {
  it('the contract text did reach the output, inside strings and comments (so the checks below mean something)', () => {
    let inStrings = 0;
    let inComments = 0;
    for (const f of tsFiles) {
      for (const t of tokens(text.get(f) ?? '')) {
        if (STRING_KINDS.has(t.kind) && t.text.includes('process.exit')) inStrings++;
        if (COMMENT_KINDS.has(t.kind) && t.text.includes('process.exit')) inComments++;
      }
    }
    expect(inStrings).toBeGreaterThan(0);
    expect(inComments).toBeGreaterThan(0);
  });

  it('the emitted JavaScript has no `process` or `exit` identifier: `process.exit` appears only in strings and comments', () => {
    const found: string[] = [];
    for (const f of tsFiles) {
      for (const [label, source] of [['ts', text.get(f) ?? ''], ['js', transpile(rel(f), text.get(f) ?? '')]] as const) {
        for (const t of tokens(source)) {
          if (t.kind === ts.SyntaxKind.Identifier && (t.text === 'process' || t.text === 'exit')) found.push(`${rel(f)} (${label}) @${t.pos}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('a `*/` from the contract never closes a comment: each block comment starts and ends its own lines', () => {
    const bad: string[] = [];
    let escaped = 0;
    for (const f of tsFiles) {
      const source = text.get(f) ?? '';
      const comments = tokens(source).filter((t) => t.kind === ts.SyntaxKind.MultiLineCommentTrivia);
      const openers = source.split('\n').filter((l) => /^\s*\/\*/.test(l)).length;
      if (comments.length !== openers) bad.push(`${rel(f)}: ${comments.length} comments, ${openers} lines opening one`);
      for (const c of comments) {
        const lineStart = source.lastIndexOf('\n', c.pos - 1) + 1;
        const end = c.pos + c.text.length;
        if (source.slice(lineStart, c.pos).trim() !== '') bad.push(`${rel(f)}@${c.pos}: code before the comment`);
        if (end < source.length && source[end] !== '\n') bad.push(`${rel(f)}@${c.pos}: code after the comment: ${JSON.stringify(source.slice(end, end + 40))}`);
        if (c.text.includes('*\\/')) escaped++;
      }
    }
    expect(bad).toEqual([]);
    expect(escaped).toBeGreaterThan(0);
  });

  it('line comments hold no contract text that could end them', () => {
    const bad: string[] = [];
    for (const f of tsFiles) {
      for (const t of tokens(text.get(f) ?? '')) {
        if (t.kind === ts.SyntaxKind.SingleLineCommentTrivia && /[\r\u2028\u2029]/.test(t.text)) bad.push(rel(f));
      }
    }
    expect(bad).toEqual([]);
  });
});

/** A stand-in for the runtime's `Client`: `request` returns the request spec it is given, tagged with the client's name. */
const stubClient = (name: string) => ({ request: (spec: Record<string, unknown>) => ({ ...spec, client: name }) });

type SpecOf = Record<string, Record<string, unknown>>;
type StubbedClient = Record<string, (...args: unknown[]) => SpecOf> & { with: (client: unknown) => Record<string, (...args: unknown[]) => SpecOf> };

/** Runs a generated client file with a stub runtime whose `defaultClient` returns the request spec it is given. */
function loadClient(file: string, exportName: string): StubbedClient {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const requireStub = (id: string) => {
    if (id !== '@reslayer/runtime') throw new Error(`unexpected import ${id}`);
    return { defaultClient: stubClient('default') };
  };
  new Function('module', 'exports', 'require', js)(module, module.exports, requireStub);
  return module.exports[exportName] as StubbedClient;
}

describe('hostile contract: an operationId `with` cannot shadow the client binding `with`', () => {
  const client = () => loadClient(path.join(OUT, 'src/shared/api/generated/hasOwnPropertyValueOf/hasOwnPropertyValueOf.client.ts'), 'hasOwnPropertyValueOfClient');

  it('the operation is the method `with_`; `with` binds the methods to another client', () => {
    const c = client();
    expect(Object.keys(c)).toEqual(['hasOwnProperty', 'with_', 'with']);
    expect(c['with_']?.({ with: 'w' })).toEqual({ method: 'POST', path: '/toString/hasOwnProperty/valueOf', query: { with: 'w' }, responseType: 'none', client: 'default' });
    const bound = c.with(stubClient('other'));
    expect(Object.keys(bound)).toEqual(['hasOwnProperty', 'with_']);
    expect(bound['with_']?.()).toMatchObject({ method: 'POST', client: 'other' });
    expect(bound['hasOwnProperty']?.()).toMatchObject({ method: 'PATCH', client: 'other' });
  });

  it('the hooks call the operation through `with_`', () => {
    const hook = readFileSync(path.join(OUT, 'src/features/hasOwnPropertyValueOf/api/useWithMutation.ts'), 'utf8');
    expect(hook).toContain('hasOwnPropertyValueOfClient.with_(');
    expect(hook).not.toMatch(/hasOwnPropertyValueOfClient\.with\(/);
  });
});

describe('hostile contract: prototype-named parameters and properties', () => {
  const clientFile = () => path.join(OUT, 'src/shared/api/generated/proto/proto.client.ts');

  /** Runs the generated `proto` client with a stub default client that returns the request spec it is given. */
  function protoClient(): Record<string, (...args: unknown[]) => SpecOf> {
    return loadClient(clientFile(), 'protoClient');
  }

  it('a `__proto__` path parameter becomes an own property of pathParams, not the prototype', () => {
    const client = protoClient();
    // The read of `/{__proto__}`'s collection: `getProto` (the entity from the path word `__proto__`).
    expect(Object.keys(client)).toEqual(['getProto', 'with']);
    const spec = client['getProto']?.('p-value') ?? {};
    expect(Object.hasOwn(spec['pathParams'] ?? {}, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(spec['pathParams'], '__proto__')?.value).toBe('p-value');
    expect(Object.getPrototypeOf(spec['pathParams'])).toBe(Object.prototype);
  });

  it('omitted `constructor` and `toString` parameters are undefined, not the members every object inherits', () => {
    const client = protoClient();
    const omitted = client['getProto']?.('p') ?? {};
    expect(omitted['query']?.['constructor']).toBeUndefined();
    expect(omitted['headers']?.['toString']).toBeUndefined();
    const given = client['getProto']?.('p', { constructor: 'c', toString: 't' }) ?? {};
    expect(given['query']?.['constructor']).toBe('c');
    expect(given['headers']?.['toString']).toBe('t');
  });

  it('per-operation mock handler factories are own members named like the client methods, prototype names included', async () => {
    const js = outDirOf('hostile-mocks-js');
    rmSync(js, { recursive: true, force: true });
    await transpileMocks(path.join(OUT, 'src'), js);
    const seen: string[] = [];
    for (const r of readdirSync(path.join(js, 'shared/mocks')).filter((d) => !d.endsWith('.js')).sort()) {
      const mod = (await import(pathToFileURL(path.join(js, 'shared/mocks', r, 'index.js')).href)) as Record<string, unknown>;
      const record = mod[`${r}OperationHandlers`] as Record<string, (answer?: unknown) => unknown>;
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      const names = Object.keys(record);
      for (const name of names) expect(record[name]?.({ scenario: 'error' })).toBeInstanceOf(HttpHandler);
      // The unchanged list holds one handler per factory.
      expect((mod[`${r}Handlers`] as unknown[]).length).toBe(names.length);
      seen.push(...names);
    }
    expect(seen).toEqual(expect.arrayContaining(['getProto', 'constructor_', 'toString', 'hasOwnProperty']));
  });

  it('component types keep the prototype-named properties as plain members', () => {
    const components = readFileSync(path.join(OUT, 'src/shared/api/generated/components.types.ts'), 'utf8');
    expect(components).toContain('  __proto__: string;\n');
    expect(components).toContain('  constructor: string;\n');
    expect(components).toContain('  hasOwnProperty?: boolean;\n');
    expect(components).toContain('  toString?: string;\n');
  });
});

describe('the checks above catch what they look for', () => {
  it('a string continued over a raw line break, a U+2028 in a string, and a parse error are found', () => {
    expect(lineTerminatorsInStrings("const a = 'x\\\ny';")).toHaveLength(1);
    expect(lineTerminatorsInStrings("const a = 'x\u2028y';")).toHaveLength(1);
    expect(lineTerminatorsInStrings('const a = `x\ny`;')).toHaveLength(1);
    expect(lineTerminatorsInStrings("const a = 'x\\ny';")).toEqual([]);
    expect(syntaxErrors('bad.ts', "const a = 'x\ny';")).not.toEqual([]);
  });

  it('a comment closed early by contract text leaves `process` identifiers and a comment that does not end its line', () => {
    const injected = '/**\n * */ process.exit(1); /*\n */\nexport const a = `${process.exit(1)}`;\n';
    const ids = tokens(transpile('x.ts', injected)).filter((t) => t.kind === ts.SyntaxKind.Identifier).map((t) => t.text);
    expect(ids).toEqual(expect.arrayContaining(['process', 'exit']));
    const first = tokens(injected).find((t) => t.kind === ts.SyntaxKind.MultiLineCommentTrivia);
    expect(injected[(first?.pos ?? 0) + (first?.text.length ?? 0)]).toBe(' ');
    // Inside strings and comments the marker is not code.
    const safe = "/** *\\/ process.exit(1) */\nexport const a = '${process.exit(1)}' + `x${'y'}z`;\n";
    expect(tokens(transpile('y.ts', safe)).filter((t) => t.kind === ts.SyntaxKind.Identifier && /^(process|exit)$/.test(t.text))).toEqual([]);
  });
});

// Type fidelity of the generated layer, tested the way a user meets it: fixtures/openapi/fidelity/defects.yaml
// collects, in minimal form, contract shapes that used to give wrong types (discriminated unions collapsing to
// `never`, contradicting allOf branches, `type: object` beside allOf, path parameters typed `string | number`,
// parameter names shadowing generated identifiers, error bodies typed as parsed JSON) and path keys with a
// literal query or a fragment. The built CLI generates it (`pnpm build` first); a hand-written usage probe
// assigns real values and holds deliberate misuse marked `@ts-expect-error`, and the whole output plus the
// probe must type-check with TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess,
// exactOptionalPropertyTypes): a type that got looser leaves an unused `@ts-expect-error`, one that got
// stricter (or `never`) fails an assignment. Then the compiled client is called with a stub fetch to check
// the URLs it sends and the errors it throws.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configureClient, isApiError, resetClientConfig, type ApiError } from '@reslayer/runtime';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { generate, type Generation } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { FULL_INCLUDE, typecheck } from './helpers/typecheck.js';
import { generateAndCompile, type CompiledLayer } from './runtime/helpers/layer.js';

const CONTRACT = fixture('fidelity/defects.yaml');
const GENERATED = 'shared/api/generated';

/** Where the generated layer put one operation: resource folder, client object, method, hook factory. */
interface Located {
  dir: string;
  client: string;
  method: string;
  /** PascalCase base of the operation's type names (`GetArticle`). */
  base: string;
  /** The hook (option factory of the default `none` adapter) that calls the method, and its module from `src`. */
  hook: string;
  hookModule: string;
}

/**
 * Finds each operation (`METHOD path-key`) in the generated client files and its hook, so the probe does not
 * depend on how resources and methods are named (detection is tested elsewhere).
 * @param srcDir the generated `src` folder
 */
function locate(srcDir: string): (key: string) => Located {
  const found = new Map<string, Located>();
  const clientDir = path.join(srcDir, GENERATED);
  const features = path.join(srcDir, 'features');
  const hookFiles = readdirSync(features, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('index.ts'))
    .map((f) => ({ module: `./features/${f.split(path.sep).join('/').replace(/\.ts$/, '.js')}`, text: readFileSync(path.join(features, f), 'utf8') }));
  for (const dir of readdirSync(clientDir)) {
    const file = path.join(clientDir, dir, `${dir}.client.ts`);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const client = /export const (\w+) = \{/.exec(text)?.[1] ?? '';
    for (const m of text.matchAll(/^ {2}(\w+)(?:<[^>]*>)?\(.*\n.*\n\s*method: '([A-Z]+)',\n\s*path: '((?:[^'\\]|\\.)*)'/gm)) {
      const method = m[1] ?? '';
      const hookFile = hookFiles.find((h) => h.text.includes(`${client}.${method}(`));
      const hook = /export function (\w+)\(/.exec(hookFile?.text ?? '')?.[1] ?? '';
      found.set(`${m[2]} ${m[3]}`, { dir, client, method, base: clientNaming.typeBase({ name: method }), hook, hookModule: hookFile?.module ?? '' });
    }
  }
  return (key) => {
    const op = found.get(key);
    if (!op) throw new Error(`operation ${key} is not in the generated client (found: ${[...found.keys()].join(', ')})`);
    return op;
  };
}

/** The operations the usage probe calls, found in the generated client. */
function probeOperations(op: (key: string) => Located) {
  return {
    message: op('POST /messages'),
    animal: op('GET /animals/{animalId}'),
    cat: op('GET /cats/{catId}'),
    beta: op('GET /responses/{response_id}?beta=true'),
    shareLink: op('PUT /folders/{folder_id}#add_shared_link'),
    getShadow: op('GET /shadow/{request}/{options}/{payload}/{params}/{signal}/{RequestOptions}/{details}'),
    putShadow: op('PUT /shadow/{request}/{options}/{payload}/{params}/{signal}/{RequestOptions}/{details}'),
    article: op('GET /articles/{slug}'),
    contact: op('DELETE /contacts/{contactId}'),
  };
}

type ProbeOperations = ReturnType<typeof probeOperations>;
const call = (o: Located, args: string) => `${o.client}.${o.method}(${args})`;

/** The probe's imports: the runtime, the component types, each client and the hooks it calls. */
function probeImports(ops: ProbeOperations): string {
  const imports = new Map<string, Set<string>>();
  for (const o of Object.values(ops)) {
    const names = imports.get(o.dir) ?? new Set<string>();
    names.add(o.client);
    imports.set(o.dir, names);
  }
  imports.get(ops.article.dir)?.add(`type ${ops.article.base}Error`).add(`type ${ops.article.base}ErrorBody`);
  const hookImports = [ops.cat, ops.getShadow].map((o) => `import { ${o.hook} } from '${o.hookModule}';`);
  return `
import { isApiError, isJsonApiError } from '@reslayer/runtime';
import type { Cat, Dog, FileType, Message, Metadata, SystemMessage } from './${GENERATED}/components.types.js';
${[...imports].map(([dir, names]) => `import { ${[...names].join(', ')} } from './${GENERATED}/${dir}/index.js';`).join('\n')}
${hookImports.join('\n')}
`;
}

/** Sections 1, 2 and 6: discriminated unions, contradicting allOf, `type: object` beside allOf. */
function probeSchemas(ops: ProbeOperations): string {
  return `// 1. Discriminated union without mapping: each member keeps the role it pins.
export const system: Message = { role: 'system', content: 'You are terse.' };
export const user: Message = { role: 'user', content: 'hi' };
// A member that pins nothing is tagged with its schema name (the spec's default).
export const tool: Message = { role: 'ToolMessage', tool_call_id: 't1' };
// @ts-expect-error a system message needs its content
export const noContent: Message = { role: 'system' };
// @ts-expect-error 'admin' is the role of no member
export const badRole: Message = { role: 'admin', content: 'x' };
export function contentOf(m: Message): string {
  if (m.role === 'system') {
    const s: SystemMessage = m;
    return s.content;
  }
  return m.role;
}
export const created = ${call(ops.message, "{ role: 'user', content: 'hello' }")};
// allOf inheritance from a schema with a discriminator: the child's own const is its tag.
export const dog: Dog = { kind: 'dog', name: 'Rex', barks: true };
// @ts-expect-error Dog pins kind to 'dog'
export const notDog: Dog = { kind: 'cat', name: 'Tom' };

// 2. Contradicting allOf: the later member wins (and RSL_ALLOF_CONFLICT is reported).
export const cat: Cat = { name: 'Tom', huntingSkill: 'lazy' };
// @ts-expect-error Pet's 0 | 1 | 2 is overridden by the later member
export const numericSkill: Cat = { name: 'Tom', huntingSkill: 1 };

// 6. \`type: object\` beside allOf adds no index signature.
declare const file: FileType;
export const fileId: string = file.id;
export const fileName: string = file.name;
// @ts-expect-error misspelt property
export const typo = file.nmae;
// @ts-expect-error excess property in a literal
export const extra: FileType = { id: '1', name: 'a', nmae: 'b' };
// An empty object standing alone stays open.
export const meta: Metadata = { anything: 1 };

`;
}

/** Sections 7, 3 and 4: typed path parameters, path keys with a query or fragment, parameters named like generated identifiers. */
function probeCalls(ops: ProbeOperations): string {
  return `// 7. Path parameters typed by their schema.
export const article = ${call(ops.article, "'hello-world'")};
// @ts-expect-error slug is type: string
export const articleByNumber = ${call(ops.article, '42')};
export const deleted = ${call(ops.contact, "'00000000-0000-4000-8000-000000000001'")};
// @ts-expect-error contactId is a uuid string
export const deletedByNumber = ${call(ops.contact, '1')};
export const animal = ${call(ops.animal, '7')};
// @ts-expect-error animalId is type: integer
export const animalByString = ${call(ops.animal, "'7'")};
export const tom = ${call(ops.cat, "'tom'")};
// @ts-expect-error catId is one of the enum values ($ref inlined, no import needed)
export const garfield = ${call(ops.cat, "'garfield'")};
export const catQuery = ${ops.cat.hook}('felix');

// 3. Path keys with a literal query or a fragment are ordinary methods.
export const beta = ${call(ops.beta, "'r', { include: ['a', 'b'] }")};
export const shared = ${call(ops.shareLink, "'1', { shared_link: { access: 'open' } }, { fields: 'shared_link' }")};

// 4. Parameters named like generated identifiers.
export const shadow = ${call(ops.getShadow, "'a', 'b', 'c', 'd', 'e', 'f', 'g', { request: 'q' }, { signal: new AbortController().signal }")};
const shadowQueryFn = ${ops.getShadow.hook}('a', 'b', 'c', 'd', 'e', 'f', 'g').queryFn;
export const shadowFetch = typeof shadowQueryFn === 'function' ? shadowQueryFn({ signal: new AbortController().signal }) : undefined;
export const putShadow = ${call(ops.putShadow, "'a', 'b', 'c', 'd', 'e', 'f', 'g', { note: 'n' }")};

`;
}

/** Section 9: an error body is the contract's schema only once it was read as JSON. */
function probeErrors(ops: ProbeOperations): string {
  const ErrorBody = `${ops.article.base}ErrorBody`;
  return `// 9. An error body is the contract's schema only once it was read as JSON.
export async function errorHandling(): Promise<string> {
  try {
    await ${call(ops.article, "'missing'")};
    return 'found';
  } catch (error) {
    if (isApiError<${ErrorBody}>(error)) {
      // @ts-expect-error the body may be a proxy's HTML page (text) or empty
      void error.body.title;
      if (error.isJson()) {
        const title: string = error.body.title;
        const status: number = error.body.status;
        return \`\${title} \${status}\`;
      }
      if (typeof error.body === 'string') {
        const page: string = error.body;
        return page;
      }
      const raw: ${ErrorBody} | undefined = error.body;
      return String(raw);
    }
    if (isJsonApiError<${ErrorBody}>(error)) return error.body.title;
    throw error;
  }
}
export function fromTypedError(e: ${ops.article.base}Error): string | undefined {
  // @ts-expect-error not narrowed yet
  const wrong: string = e.body.title;
  void wrong;
  return e.isJson() ? e.body.title : typeof e.body === 'string' ? e.body : undefined;
}
`;
}

/** The usage probe, written to `<out>/src/probe.ts`. */
function probe(op: (key: string) => Located): string {
  const ops = probeOperations(op);
  return probeImports(ops) + probeSchemas(ops) + probeCalls(ops) + probeErrors(ops);
}

describe('fidelity fixture: generated types a user can rely on', () => {
  let g: Generation;
  beforeAll(() => {
    g = generate('fidelity-defects', CONTRACT);
    writeFileSync(path.join(g.outDir, 'src', 'probe.ts'), probe(locate(path.join(g.outDir, 'src'))));
  });
  const src = (relative: string) => readFileSync(path.join(g.outDir, 'src', relative), 'utf8');

  it('generates with no error and reports the contradicting allOf as RSL_ALLOF_CONFLICT', () => {
    expect(g.run.stderr).toBe('');
    expect(g.run.status).toBe(0);
    const conflicts = g.json?.diagnostics.filter((d) => d.code === 'RSL_ALLOF_CONFLICT') ?? [];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ severity: 'warning', location: '#/components/schemas/Cat' });
    expect(conflicts[0]?.message).toContain('"Cat"');
    expect(conflicts[0]?.message).toContain('"huntingSkill"');
  });

  it('prints the types the probe relies on', () => {
    const c = src(`${GENERATED}/components.types.ts`);
    expect(c).toContain("export type Message = SystemMessage | UserMessage | (ToolMessage & { role: 'ToolMessage' });");
    expect(c).toContain("export type Cat = Omit<Pet, 'huntingSkill'> & ");
    expect(c).toContain('export type FileType = FileBase & {');
    expect(c).toContain('export type Metadata = Record<string, unknown>;');
    expect(c).not.toContain("kind: 'Dog'");
    const op = locate(path.join(g.outDir, 'src'));
    const cat = op('GET /cats/{catId}');
    expect(src(`${GENERATED}/${cat.dir}/${cat.dir}.client.ts`)).toContain(`${cat.method}<O extends CallOptions = RequestOptions>(catId: 'tom' | 'felix', options?: O)`);
    const article = op('GET /articles/{slug}');
    expect(src(`${GENERATED}/${article.dir}/${article.dir}.types.ts`)).toContain(`export type ${article.base}ErrorBody = Schemas.Problem;`);
  });

  it('the output and the usage probe type-check with TypeScript 5.9 and 7 (every @ts-expect-error used)', () => {
    const r = typecheck(g.outDir, { include: FULL_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles).toContain(path.join(g.outDir, 'src', 'probe.ts'));
  });
});

describe('fidelity fixture: what the client sends and throws', () => {
  let layer: CompiledLayer;
  let op: (key: string) => Located;
  const sent: Array<{ url: string; method: string }> = [];
  let answer: () => Response = () => Response.json({ id: 'r' });
  /** Calls the generated client method of an operation (`METHOD path-key`). */
  const call = async (key: string, ...args: unknown[]): Promise<unknown> => {
    const o = op(key);
    const mod = (await import(pathToFileURL(path.join(layer.srcDir, GENERATED, o.dir, `${o.dir}.client.js`)).href)) as Record<string, unknown>;
    const client = mod[o.client] as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const method = client[o.method];
    if (!method) throw new Error(`no method ${o.client}.${o.method}`);
    return method(...args);
  };

  beforeAll(() => {
    layer = generateAndCompile('fidelity-defects', CONTRACT);
    op = locate(layer.srcDir);
  });
  beforeEach(() => {
    sent.length = 0;
    answer = () => Response.json({ id: 'r' });
    configureClient({
      baseUrl: 'https://api.example.test',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), method: init?.method ?? 'GET' });
        return answer();
      },
    });
  });
  afterAll(() => resetClientConfig());

  it('a literal query in the path key comes first, the parameters follow with &', async () => {
    await call('GET /responses/{response_id}?beta=true', 'r', { include: ['a', 'b'] });
    expect(sent).toEqual([{ url: 'https://api.example.test/responses/r?beta=true&include=a&include=b', method: 'GET' }]);
    await call('GET /responses/{response_id}?beta=true', 'r');
    expect(sent[1]?.url).toBe('https://api.example.test/responses/r?beta=true');
  });

  it('a #fragment of the path key is never sent, so the query survives', async () => {
    await call('PUT /folders/{folder_id}#add_shared_link', '1', undefined, { fields: 'x' });
    expect(sent).toEqual([{ url: 'https://api.example.test/folders/1?fields=x', method: 'PUT' }]);
  });

  it('parameters named request, options, payload, params, signal, RequestOptions, details go where they belong', async () => {
    const controller = new AbortController();
    await call('GET /shadow/{request}/{options}/{payload}/{params}/{signal}/{RequestOptions}/{details}', 'a', 'b', 'c', 'd', 'e', 'f', 'g', { request: 'q' }, { signal: controller.signal });
    expect(sent).toEqual([{ url: 'https://api.example.test/shadow/a/b/c/d/e/f/g?request=q', method: 'GET' }]);
  });

  it('an HTML 502 is an ApiError with a text body; a problem+json 404 one with a JSON body', async () => {
    const article = 'GET /articles/{slug}';
    answer = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const html = await call(article, 'x').catch((e: unknown) => e);
    expect(isApiError(html)).toBe(true);
    const e502 = html as ApiError<{ title: string }>;
    expect([e502.status, e502.bodyKind, e502.isJson(), e502.body]).toEqual([502, 'text', false, '<html>Bad gateway</html>']);
    answer = () => new Response(JSON.stringify({ title: 'Not found', status: 404 }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
    const json = (await call(article, 'x').catch((e: unknown) => e)) as ApiError<{ title: string }>;
    expect([json.status, json.bodyKind, json.isJson()]).toEqual([404, 'json', true]);
    expect(json.isJson() && json.body.title).toBe('Not found');
    answer = () => new Response(null, { status: 503 });
    const empty = (await call(article, 'x').catch((e: unknown) => e)) as ApiError;
    expect([empty.bodyKind, empty.body]).toEqual(['empty', undefined]);
  });
});

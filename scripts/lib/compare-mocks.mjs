// The stateful-mock probe of `pnpm compare` (scripts/compare.mjs) for the peers' generated MSW handlers: for every
// CRUD resource of the contract (reslayer's detection: a list, read, create, update and delete), one create through the
// handlers, then one read of the key the create answered; the round trip passes when the read shows every scalar field
// the create sent (bodies are read through a one-property wrapper such as `{ article: {...} }`). reslayer's own output runs the stricter round trip of scripts/lib/roundTrip.mjs instead (create,
// list, read, update, list and read again, delete, read answers 404).
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The handlers a peer generated, bundled from its TypeScript with esbuild into one module beside the output (inside
 * the tools folder, so `msw` and `@faker-js/faker` resolve from there).
 * @param {'orval' | 'kubb'} kind orval: every `get<Tag>Mock()` of the `*.msw.ts` files (its handlers; not the
 *   `get<Op>ResponseMock()` data); kubb: `handlers/handlers.ts`
 * @param {string} out the peer's output folder
 * @returns {Promise<{ handlers: unknown[], getResponse: Function }>}
 */
export async function loadPeerHandlers(kind, out) {
  const entry = path.join(out, 'compare-handlers.entry.ts');
  let text;
  if (kind === 'orval') {
    const files = readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('.msw.ts')).sort();
    text = files.map((f, i) => `import * as m${i} from './${String(f).split(path.sep).join('/')}';`).join('\n');
    text += `\nconst all: Array<Record<string, unknown>> = [${files.map((_, i) => `m${i}`).join(', ')}];
export const handlers = all.flatMap((m) => Object.entries(m).filter(([k, v]) => /^get\\w+Mock$/.test(k) && !k.endsWith('ResponseMock') && typeof v === 'function').flatMap(([, f]) => { const r = (f as () => unknown)(); return Array.isArray(r) ? r.filter((h) => typeof h?.run === 'function') : []; }));\n`;
  } else text = `export { handlers } from './handlers/handlers.ts';\n`;
  writeFileSync(entry, `${text}export { getResponse } from 'msw';\n`);
  const outfile = path.join(out, 'compare-handlers.bundle.mjs');
  await build({ entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', external: ['msw', 'msw/*', '@faker-js/faker'], logLevel: 'silent' });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A body without its one-property wrapper (`{ article: {...} }` → `{...}`), as reslayer's own round trip reads it. */
const unwrap = (v) => (isObject(v) && Object.keys(v).length === 1 && isObject(Object.values(v)[0]) ? Object.values(v)[0] : v);
/** Scalar fields of a sampled payload (what a read of the created item must show). */
const scalars = (value) => (isObject(unwrap(value)) ? Object.entries(unwrap(value)).filter(([, v]) => v === null || typeof v !== 'object') : []);

/**
 * Probes create → read through a peer's handlers for every CRUD resource of the model.
 * @param {object} t the tools of scripts/lib/roundTrip.mjs (`loadTools()`: core, Sampler)
 * @param {object} model reslayer's resource model of the contract
 * @param {{ handlers: unknown[], getResponse: Function }} mocks
 * @returns {Promise<{ resources: number, passed: number, failures: string[] }>}
 */
export async function probeHandlers(t, model, mocks) {
  const sampler = new t.Sampler(model);
  const crud = model.resources.filter((r) => r.resourceKind === 'crud' && ['list', 'read', 'create', 'update', 'delete'].every((role) => r.operations.some((o) => o.role === role)));
  const failures = [];
  let passed = 0;
  // kubb's handlers match paths relative to the page, as in a browser.
  globalThis.location ??= /** @type {any} */ ({ href: 'http://mock.test/' });
  const send = async (method, url, body) => {
    const init = { method: method.toUpperCase(), headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const response = await mocks.getResponse(mocks.handlers, new Request(new URL(url, 'http://mock.test'), init));
    if (!response) return { status: 501, json: undefined };
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };
  for (const res of crud) {
    const sig = (role) => t.core.describeOperation(model, res, res.operations.find((o) => o.role === role));
    const [create, read] = [sig('create'), sig('read')];
    const parents = create.pathArgs.map((a) => String(sampler.sample(a.param.schema, { mode: 'write' })) || 'x');
    const fill = (s, key) => { let i = 0; return s.node.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(i < parents.length ? parents[i++] : key)); };
    const payload = create.payload?.content.schema ? sampler.sample(create.payload.content.schema, { mode: 'write' }) : undefined;
    try {
      const made = await send(create.node.method, fill(create), payload);
      if (made.status >= 300) throw new Error(`create answered ${made.status}`);
      const keyName = read.pathArgs.at(-1)?.param.name;
      const created = unwrap(made.json);
      const key = created?.[keyName] ?? created?.id;
      if (key === undefined) throw new Error(`the create's answer has no ${keyName ?? 'id'}`);
      const got = await send('get', fill(read, String(key)));
      if (got.status >= 300) throw new Error(`read answered ${got.status}`);
      if (scalars(payload).length === 0) throw new Error('the sampled payload has no scalar field to compare');
      const wrong = scalars(payload).filter(([k, v]) => JSON.stringify(unwrap(got.json)?.[k]) !== JSON.stringify(v)).map(([k]) => k);
      if (wrong.length > 0) throw new Error(`the read does not show what was created (${wrong.slice(0, 3).join(', ')})`);
      passed++;
    } catch (error) {
      failures.push(`${res.resource}: ${error.message}`);
    }
  }
  return { resources: crud.length, passed, failures };
}

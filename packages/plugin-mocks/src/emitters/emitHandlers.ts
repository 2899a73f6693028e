import type { ApiModel } from '@reslayer/core';
import { banner, commentLines, importPath, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client';
import { mocksNaming } from '../naming.js';
import type { MockPlan, StorePlan } from '../plan.js';
import type { Fields } from '../planStore.js';
import { flatValue } from '../literal.js';
import type { ResolvedMocksOptions } from '../options.js';
import type { EmittedModule } from './emitFixtures.js';
import { access, useType, writeHandler, type Needs } from './resolvers.js';

/**
 * Emits `<resource>.handlers.ts`: MSW 3 request handlers for every operation of the resource,
 * built by `create<R>Handlers({ scenario, baseUrl, delayMs })`, plus the default (`success`) list.
 * A store-backed CRUD resource also gets its in-memory store and `reset<R>Store()`.
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param options resolved plugin options (default base URL and slow delay)
 * @returns the file contents and its exports
 * @see https://mswjs.io/docs/api/http
 */
export function emitHandlers(model: ApiModel, plan: MockPlan, options: ResolvedMocksOptions): EmittedModule {
  const r = plan.resource;
  const file = mocksNaming.handlersFile(r);
  const needs: Needs = { fixtures: new Set(), types: new Map(), helpers: new Set(), fields: new Map(), jsonBodyType: false };
  const handlers = plan.ops.flatMap((op) => writeHandler(plan, op, needs).map((l) => `    ${l}`));
  if (plan.store) needs.fixtures.add(mocksNaming.entityFixtures(r));
  const body = [...store(plan, needs), ...helpers(plan, needs), ...factory(plan, options, handlers)].join('\n');
  const msw = ['delay', 'http', 'HttpResponse', 'type HttpHandler', ...(needs.jsonBodyType ? ['type JsonBodyType'] : []), ...(needs.helpers.has('claimedElsewhere') ? ['matchRequestUrl'] : [])];
  const lines = [banner(model.meta), `import { ${msw.join(', ')} } from 'msw';`];
  const types = [...needs.types].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([t, local]) => (t === local ? t : `${t} as ${local}`));
  if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${importPath(file, clientNaming.indexFile(r))}';`);
  if (needs.fixtures.size > 0) lines.push(`import { ${[...needs.fixtures].sort().join(', ')} } from './${r.resource}.fixtures.js';`);
  lines.push(`import type { ${mocksNaming.scenarioNameType(r)} } from './${r.resource}.scenarios.js';`, '', body);
  const values = [mocksNaming.handlersFactory(r), mocksNaming.handlers(r), ...(plan.store ? [mocksNaming.store(r), mocksNaming.resetStore(r)] : [])];
  return { contents: lines.join('\n'), values, types: [mocksNaming.handlersOptionsType(r)] };
}

function store(plan: MockPlan, needs: Needs): string[] {
  const s = plan.store;
  if (!s) return [];
  const r = plan.resource;
  const map = mocksNaming.store(r);
  const fixtures = mocksNaming.entityFixtures(r);
  const key = s.entity.key;
  const counter = needs.helpers.has('nextId') && key?.kind !== 'enum';
  const seed = key === undefined
    ? `  ${fixtures}.forEach((item, i) => ${map}.set(String(i + 1), structuredClone(item)));`
    : `  for (const item of ${fixtures}) ${map}.set(String(item${key.path.map(access).join('')}), structuredClone(item));`;
  const keyedBy = key === undefined ? 'position (no entity property holds it)' : `the entities' \`${key.path.join('.')}\``;
  const lines = [
    '/**',
    ` * The in-memory store of \`${r.resource}\`, keyed by the \`${s.keyParam}\` path parameter, that is ${keyedBy},`,
    ` * and seeded from {@link ${fixtures}}: create adds to it, update changes an item, delete removes it, list and read return it.`,
    ' */',
    `export const ${map} = new Map<string, ${useType(needs, s.entityType)}>();`,
    ...(counter ? ['let sequence = 0;'] : []),
    '',
    `/** Restores {@link ${map}} to the fixtures; call it between tests (e.g. in \`afterEach\`). */`,
    `export function ${mocksNaming.resetStore(r)}(): void {`,
    `  ${map}.clear();`,
    ...(counter ? ['  sequence = 0;'] : []),
    seed,
    '}',
    `${mocksNaming.resetStore(r)}();`,
    '',
  ];
  if (needs.helpers.has('nextId')) lines.push(...nextId(s, map));
  if (needs.helpers.has('filterItems')) {
    const filters = s.list?.filters ?? [];
    lines.push('/** List filters: query parameter, entity property, list separator (`\'\'`: repeated parameter). */');
    lines.push(`const FILTERS: ReadonlyArray<readonly [string, string, string]> = [${filters.map((f) => `[${f.map(stringLiteral).join(', ')}]`).join(', ')}];`, '');
  }
  return lines;
}

function nextId(s: StorePlan, map: string): string[] {
  const key = s.entity.key;
  if (key?.kind === 'enum') {
    return [
      `/** The values of the key \`${key.path.join('.')}\` (an enum). */`,
      `const KEY_VALUES = [${(key.values ?? []).map((v) => flatValue(v)).join(', ')}] as const;`,
      '',
      '/** The first key value no stored item has (the first value when all are taken: the created item replaces that one). */',
      'function nextId(): (typeof KEY_VALUES)[number] {',
      `  return KEY_VALUES.find((key) => !${map}.has(String(key))) ?? KEY_VALUES[0];`,
      '}',
      '',
    ];
  }
  const kind = key?.kind ?? 'none';
  const keyProp = key?.path[key.path.length - 1] ?? 'id';
  const type = kind === 'number' ? 'number' : 'string';
  const make = kind === 'uuid' ? "`00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`"
    : kind === 'number' ? 'sequence' : kind === 'string' ? `${stringLiteral(`${keyProp}-`)} + String(sequence)` : 'String(sequence)';
  return [
    `/** A new, unused key for a created item (deterministic: counts up and skips taken keys). */`,
    `function nextId(): ${type} {`,
    `  let id: ${type};`,
    '  do {',
    '    sequence += 1;',
    `    id = ${make};`,
    `  } while (${map}.has(String(id)));`,
    '  return id;',
    '}',
    '',
  ];
}

function helpers(plan: MockPlan, needs: Needs): string[] {
  const h = needs.helpers;
  const out: string[] = [];
  if (h.has('readJson')) {
    out.push('/** The JSON object body of a request, or `{}` when it has none. */');
    out.push('async function readJson(request: Request): Promise<Record<string, unknown>> {', '  try {', '    const body: unknown = await request.json();');
    out.push('    return body !== null && typeof body === \'object\' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};');
    out.push('  } catch {', '    return {};', '  }', '}', '');
  }
  if (h.has('merge')) out.push(...mergeHelper(plan, needs));
  if (h.has('claimedElsewhere')) {
    out.push('/**', ' * True when the request matches one of these more precise paths of the contract (after the same base): the');
    out.push(" * handler of that path answers it, so this one steps aside (with the `*` base, `/assets` also matches `/tags/assets`).", ' */');
    out.push('function claimedElsewhere(request: Request, base: string, patterns: readonly string[]): boolean {');
    out.push('  const url = new URL(request.url);', '  return patterns.some((pattern) => matchRequestUrl(url, base + pattern).matches);', '}', '');
  }
  if (h.has('intParam')) {
    out.push('/** An integer query parameter, or `fallback` when it is absent or not a number. */');
    out.push('function intParam(query: URLSearchParams, name: string, fallback: number): number {');
    out.push("  const value = Number.parseInt(query.get(name) ?? '', 10);", '  return Number.isNaN(value) ? fallback : value;', '}', '');
  }
  if (h.has('filterItems') && plan.store) {
    const t = useType(needs, plan.store.entityType);
    out.push('/** The items whose property equals one of the values of each filter parameter present in the query. */');
    out.push(`function filterItems(items: ${t}[], query: URLSearchParams): ${t}[] {`, '  return items.filter((item) =>');
    out.push('    FILTERS.every(([name, property, separator]) => {');
    out.push('      const wanted = query.getAll(name).flatMap((value) => (separator ? value.split(separator) : [value]));');
    out.push('      return wanted.length === 0 || wanted.includes(String((item as Record<string, unknown>)[property]));');
    out.push('    }),', '  );', '}', '');
  }
  return out;
}

/** A field list as a TypeScript literal. */
function printFields(fields: Fields): string {
  return `[${fields.map((f) => (typeof f === 'string' ? stringLiteral(f) : `[${stringLiteral(f[0])}, ${printFields(f[1])}]`)).join(', ')}]`;
}

function mergeHelper(plan: MockPlan, needs: Needs): string[] {
  const out = [
    '/** Properties a merge copies: a name, or `[name, fields]` to merge an object value into the object already there. */',
    'type Fields = ReadonlyArray<string | readonly [string, Fields]>;',
    '',
  ];
  if (needs.helpers.has('SERVER_FIELDS') && plan.store) {
    out.push('/** The key and readOnly properties: PUT keeps them from the stored item. */');
    out.push(`const SERVER_FIELDS: Fields = ${printFields(plan.store.entity.serverFields)};`, '');
  }
  for (const [name, fields] of needs.fields) {
    const op = name.replace(/Fields$/, '');
    const what = fields.length === 0 ? ': nothing (no JSON payload, or no property of the same shape)' : '';
    out.push(`/** What \`${op}\` copies from the payload into the stored item${what}. */`, `const ${name}: Fields = ${printFields(fields)};`, '');
  }
  out.push(
    '/** Copies the given properties of `source` into `target` (nested fields into the object `target` holds) and returns `target`. */',
    'function merge<T extends object>(target: T, source: object, fields: Fields): T {',
    '  const to = target as Record<string, unknown>;',
    '  const from = source as Record<string, unknown>;',
    '  for (const field of fields) {',
    "    const [name, nested] = typeof field === 'string' ? [field, undefined] : field;",
    '    const value = Object.hasOwn(from, name) ? from[name] : undefined;',
    '    if (value === undefined) continue;',
    '    const current = Object.hasOwn(to, name) ? to[name] : undefined;',
    "    if (!nested) Object.defineProperty(to, name, { value, enumerable: true, writable: true, configurable: true });",
    "    else if (value !== null && typeof value === 'object' && current !== null && typeof current === 'object') merge(current, value, nested);",
    '  }',
    '  return target;',
    '}',
    '',
  );
  return out;
}

function factory(plan: MockPlan, options: ResolvedMocksOptions, handlers: string[]): string[] {
  const r = plan.resource;
  const scenarioType = mocksNaming.scenarioNameType(r);
  const optionsType = mocksNaming.handlersOptionsType(r);
  const base = commentLines(stringLiteral(options.baseUrl), 200).join(' ');
  return [
    `/** Default prefix of every handler path (\`*\` matches any origin and any base path). */`,
    `const BASE_URL = ${stringLiteral(options.baseUrl)};`,
    '/** Default delay of the `slow` scenario, in milliseconds. */',
    `const SLOW_DELAY_MS = ${options.delayMs};`,
    '',
    `/** Options of {@link ${mocksNaming.handlersFactory(r)}}. */`,
    `export interface ${optionsType} {`,
    `  /** How every handler answers. @default 'success' */`,
    `  scenario?: ${scenarioType};`,
    `  /** Prefix of every handler path, e.g. \`https://api.example.test\`; \`*\` matches any origin and base path. @default ${base} */`,
    '  baseUrl?: string;',
    `  /** Delay of the \`slow\` scenario, in milliseconds. @default ${options.delayMs} */`,
    '  delayMs?: number;',
    '}',
    '',
    '/**',
    ` * Creates the MSW request handlers of \`${r.resource}\`, one per operation, answering as the scenario says:`,
    ' * `success` (fixtures and store), `empty` (empty lists, 404 for items), `error` (the first error status',
    ' * of the contract, else 500, with a typed error body) or `slow` (success after `delayMs`).',
    ' * @param options scenario, base URL prefix and delay',
    ' * @returns the handlers, for `setupServer(...)`, `setupWorker(...)` or `server.use(...)`',
    ' */',
    `export function ${mocksNaming.handlersFactory(r)}(options: ${optionsType} = {}): HttpHandler[] {`,
    "  const scenario = options.scenario ?? 'success';",
    "  const base = (options.baseUrl ?? BASE_URL).replace(/\\/+$/, '');",
    '  const delayMs = options.delayMs ?? SLOW_DELAY_MS;',
    '  const settle = async (): Promise<void> => {',
    "    if (scenario === 'slow') await delay(delayMs);",
    '  };',
    '  return [',
    ...handlers,
    '  ];',
    '}',
    '',
    `/** The \`success\` handlers of \`${r.resource}\`: \`setupServer(...${mocksNaming.handlers(r)})\`. */`,
    `export const ${mocksNaming.handlers(r)}: HttpHandler[] = ${mocksNaming.handlersFactory(r)}();`,
  ];
}

// Usage probe of generated output: a TypeScript file, written into the output's `src/` (never committed), that
// assigns real values to the generated types, so that a type-check of the output shows whether they fit:
// - every success fixture of the generated mocks (`<op>Fixture`, and a store's `<resource>Fixtures` /
//   `<resource>EntityDefaults`) to the operation's `<Op>Response`, a store's wrapped entity to the property of the read
//   response that holds it (the names come from mocksNaming and clientNaming);
// - every JSON request example of the contract (media type `example`, `examples.*.value`, else the schema's own
//   `example`/`examples`) to the operation's `<Op>Payload`;
// - every JSON success response example of the contract to the operation's `<Op>Response`.
// A contract example is first validated with ajv against the contract's own schema (request view: readOnly
// properties forbidden; response view: writeOnly ones forbidden); an example the contract itself rejects is not
// probed but counted as invalid. Each probe is one line, so a compiler error maps to the value that failed.
// Before it is probed, an example loses the properties its contract does not declare at their place (every `$ref`
// followed, also one standing for a whole `properties` map; allOf/oneOf/anyOf merged; `required` names and
// additionalProperties/patternProperties count as declared): JSON Schema objects are open unless
// `additionalProperties: false`, so such an example is valid, but the generated types are closed and a literal
// check would reject it. Those examples are counted (`undeclared`). What is left is assigned as a fresh literal,
// so a property the contract declares but the generated type lacks fails (excess-property check).
// Used by scripts/corpus.mjs and test/corpus/*.test.ts (through test/utils/usageProbe.ts). Types: usageProbe.d.mts.
import { mkdirSync, readFileSync, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './typecheck.mjs';

/** The probe file, relative to the output root (inside `src/`, so `src/**\/*.ts` type-checks it with the output). */
export const PROBE_FILE = 'src/reslayer-usage-probe.ts';
/** What a probe assigns. */
export const PROBE_KINDS = Object.freeze(['fixture', 'request example', 'response example']);

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const escapeToken = (t) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (t) => t.replace(/~1/g, '/').replace(/~0/g, '~');
const isJsonMediaType = (mt) => /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i.test(mt.trim()) || /\+json(?:\s*;|$)/i.test(mt.trim());

/**
 * Walks a local JSON pointer through a document, following `$ref`s on the way and at the end, so the pointer
 * returned names the object itself (ajv cannot walk through a `$ref`).
 * @returns {{ node: unknown, pointer: string }}
 */
function locate(doc, pointer) {
  let node = doc;
  let at = '#';
  const follow = () => {
    for (let i = 0; i < 32 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) {
      const target = node.$ref;
      const found = locate(doc, target);
      node = found.node;
      at = found.pointer;
    }
  };
  for (const token of pointer.replace(/^#/, '').split('/').slice(1)) {
    follow();
    if (!isObject(node) && !Array.isArray(node)) return { node: undefined, pointer: `${at}/${token}` };
    node = node[unescapeToken(decodeURIComponent(token))];
    at = `${at}/${token}`;
  }
  follow();
  return { node, pointer: at };
}

/**
 * The examples written for a media type: `example`, each `examples.<name>.value` (an `externalValue` is not
 * fetched), else those of its schema (`example`, or a 3.1 `examples` array), following `$ref`s.
 * @returns {Array<{ source: string, value: unknown }>}
 */
function examplesOf(doc, mediaPointer) {
  const { node: media, pointer } = locate(doc, mediaPointer);
  if (!isObject(media)) return [];
  const out = [];
  if ('example' in media) out.push({ source: 'example', value: media.example });
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const { node } = locate(doc, `${pointer}/examples/${escapeToken(name)}`);
      if (isObject(node) && 'value' in node) out.push({ source: `examples/${name}`, value: node.value });
      void raw;
    }
  }
  if (out.length > 0) return out;
  const { node: schema } = locate(doc, `${pointer}/schema`);
  if (isObject(schema)) {
    if ('example' in schema) out.push({ source: 'schema example', value: schema.example });
    else if (Array.isArray(schema.examples)) schema.examples.forEach((value, i) => out.push({ source: `schema examples[${i}]`, value }));
  }
  return out;
}

/** An import path from the probe (at `src/`) to a generated file given relative to `src/`. */
const moduleOf = (relative) => `./${relative.replace(/\.ts$/, '.js')}`;

/**
 * Which fixture constants a fixtures file exports, and which of them are cast (`as unknown as`, written when the
 * contract allows no value of the type).
 * @returns {Map<string, { cast: boolean }>}
 */
function fixtureExports(file) {
  const out = new Map();
  if (!existsSync(file)) return out;
  const text = readFileSync(file, 'utf8');
  const starts = [...text.matchAll(/^export const (\w+)\s*:/gm)];
  starts.forEach((m, i) => {
    const end = starts[i + 1]?.index ?? text.length;
    // The property of the read response that holds a store's entity, when the entity is wrapped (`{ data: {...} }`).
    const wrap = /^export const \w+: NonNullable<NonNullable<\w+>\[('(?:[^'\\]|\\.)*')\]>/.exec(text.slice(m.index, end))?.[1];
    out.set(m[1], { cast: /\bas unknown as\b/.test(text.slice(m.index, end)), ...(wrap ? { wrap } : {}) });
  });
  return out;
}

/**
 * The JSON text of a value as a TypeScript expression on one line (U+2028/U+2029 escaped: they end a line for the
 * compiler's line count); undefined when the value has no JSON form.
 */
function literal(value) {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' ? text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : undefined;
  } catch {
    return undefined;
  }
}

/** A schema with its `$ref` chain followed. */
function deref(doc, node) {
  let n = node;
  for (let i = 0; i < 32 && isObject(n) && typeof n.$ref === 'string' && n.$ref.startsWith('#'); i++) n = locate(doc, n.$ref).node;
  return n;
}

/** A schema and, recursively, the members of its allOf, oneOf and anyOf (and 3.1 then/else). */
function branches(doc, schema, out = new Set()) {
  const s = deref(doc, schema);
  if (!isObject(s) || out.has(s)) return out;
  out.add(s);
  for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(s[k])) for (const m of s[k]) branches(doc, m, out);
  for (const k of ['then', 'else']) if (isObject(s[k])) branches(doc, s[k], out);
  return out;
}

/** The schemas that describe the value at `path` under `schema` (empty when the contract says nothing there). */
function schemasAt(doc, schema, path) {
  let current = [schema];
  for (const seg of path) {
    const next = [];
    for (const s of current.flatMap((c) => [...branches(doc, c)])) {
      if (typeof seg === 'number') {
        const prefix = Array.isArray(s.prefixItems) ? s.prefixItems[seg] : undefined;
        if (prefix !== undefined) next.push(prefix);
        else if (isObject(s.items)) next.push(s.items);
        else if (Array.isArray(s.items) && s.items[seg] !== undefined) next.push(s.items[seg]);
      } else {
        // `properties` itself may be a `$ref` to a map of schemas (bundled multi-file contracts).
        const props = deref(doc, s.properties);
        if (isObject(props) && seg in props) next.push(props[seg]);
        else if (isObject(s.additionalProperties)) next.push(s.additionalProperties);
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

/**
 * The example without the object properties the contract does not declare at their place, and their paths. A
 * property counts as declared when a branch of the schema there lists it in `properties` or `required`, or allows
 * more (`additionalProperties` other than false, `patternProperties`, or no property named at all); where the
 * contract says nothing (no schema), everything is kept.
 * @returns {{ value: unknown, removed: string[] }}
 */
function stripUndeclared(doc, schema, value) {
  const removed = [];
  const walk = (v, at) => {
    if (Array.isArray(v)) return v.map((item, i) => walk(item, [...at, i]));
    if (!isObject(v)) return v;
    const here = schemasAt(doc, schema, at).flatMap((c) => [...branches(doc, c)]);
    if (here.length === 0) return v;
    const open = here.some((s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || isObject(s.patternProperties));
    const names = new Set();
    for (const s of here) {
      const props = deref(doc, s.properties);
      if (isObject(props)) for (const k of Object.keys(props)) names.add(k);
      if (Array.isArray(s.required)) for (const k of s.required) names.add(k);
    }
    // An object schema that names no property at all is open (the generator prints `Record<string, unknown>`).
    const out = {};
    for (const [k, item] of Object.entries(v)) {
      if (!open && names.size > 0 && !names.has(k)) {
        removed.push(`/${[...at, k].join('/')}`);
        continue;
      }
      out[k] = walk(item, [...at, k]);
    }
    return out;
  };
  return { value: walk(value, []), removed };
}

let validatorFactory;
/**
 * The contract validator of test/runtime/mocks-helpers/schemas.ts (the OpenAPI → JSON Schema conversion and
 * ajv setup the mock tests use), transpiled once into `node_modules/.cache/reslayer/` so plain Node can load it.
 * @returns {Promise<(document: object, view: 'request' | 'response') => { validate(pointer: string, value: unknown): { valid: boolean, errors: Array<{ instancePath: string, message: string }> } }>}
 */
export async function loadContractValidator() {
  if (validatorFactory) return validatorFactory;
  const source = path.join(ROOT, 'test/runtime/mocks-helpers/schemas.ts');
  const out = path.join(ROOT, 'node_modules/.cache/reslayer/contract-schemas.mjs');
  if (!existsSync(out) || statSync(out).mtimeMs < statSync(source).mtimeMs) {
    const { default: ts } = await import('typescript');
    const js = ts.transpileModule(readFileSync(source, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
      fileName: source,
    }).outputText;
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, js);
  }
  const mod = await import(`${pathToFileURL(out).href}?v=${statSync(out).mtimeMs}`);
  validatorFactory = mod.createContractValidator;
  return validatorFactory;
}

/**
 * Builds the usage probe of one generated output and writes it to `<outDir>/src/reslayer-usage-probe.ts`.
 * @param {{ contract: string, outDir: string, createValidator?: Function }} options the contract (absolute path), the
 *   output root it was generated into (contract mode, default plugins), and the validator factory (default
 *   {@link loadContractValidator})
 * @returns {Promise<import('./usageProbe.d.mts').UsageProbe>}
 */
export async function writeUsageProbe({ contract, outDir, createValidator }) {
  const core = await import(pathToFileURL(path.join(ROOT, 'packages/core/lib/index.js')).href);
  const { clientNaming } = await import(pathToFileURL(path.join(ROOT, 'packages/plugin-client/lib/naming.js')).href);
  const { mocksNaming } = await import(pathToFileURL(path.join(ROOT, 'packages/plugin-mocks/lib/naming.js')).href);
  const loaded = await core.loadContract(contract);
  const diagnostics = new core.Diagnostics();
  const model = core.detectResources(core.normalizeContract(loaded, diagnostics), diagnostics);
  const doc = loaded.document;
  const factory = createValidator ?? (await loadContractValidator());
  let requestView;
  let responseView;
  const view = (which) => {
    if (which === 'request') return (requestView ??= factory(doc, 'request'));
    return (responseView ??= factory(doc, 'response'));
  };

  const header = [
    '// Usage probe written by scripts/lib/usageProbe.mjs: real values assigned to the generated types.',
    '// Not part of the generated output; one probe per line (compiler errors map to the value that failed).',
  ];
  const imports = [];
  const lines = [];
  const entries = [];
  const invalid = [];
  const skipped = { nonJsonPayloads: 0, payloadsWithoutExample: 0, responsesWithoutExample: 0, unserializable: 0 };
  let casts = 0;
  /** Adds a probe: a comment, then its line. */
  const add = (entry, text) => {
    lines.push(`// ${entry.kind}: ${entry.operation} (${entry.source})`.replace(/\s+/g, ' '));
    lines.push(text);
    entries.push({ ...entry, line: 0, index: lines.length - 1 });
  };

  model.resources.forEach((resource, i) => {
    const types = `T${i}`;
    const fixtures = `M${i}`;
    const fixtureFile = path.join(outDir, 'src', mocksNaming.fixturesFile(resource));
    const exported = fixtureExports(fixtureFile);
    let usesTypes = false;
    let usesFixtures = false;
    const readOp = resource.operations.find((op) => op.role === 'read');
    for (const [name, type] of [
      [mocksNaming.entityFixtures(resource), 'list'],
      [mocksNaming.entityDefaults(resource), 'one'],
    ]) {
      const fixture = exported.get(name);
      if (!fixture || !readOp) continue;
      if (fixture.cast) casts++;
      // A wrapped entity is checked against the read response's property that holds it.
      const response = `${types}.${clientNaming.responseType(readOp)}`;
      const target = fixture.wrap ? `NonNullable<NonNullable<${response}>[${fixture.wrap}]>` : response;
      add(
        { kind: 'fixture', operation: core.describeOperation(model, resource, readOp).node.key, source: name, cast: fixture.cast },
        `export const probe${entries.length}: ${type === 'list' ? `readonly ${target}[]` : target} = ${fixtures}.${name};`,
      );
      usesTypes = usesFixtures = true;
    }
    for (const op of resource.operations) {
      const sig = core.describeOperation(model, resource, op);
      const key = sig.node.key;
      const fixtureName = mocksNaming.fixture(op);
      const fixture = exported.get(fixtureName);
      if (fixture) {
        if (fixture.cast) casts++;
        add({ kind: 'fixture', operation: key, source: fixtureName, cast: fixture.cast }, `export const probe${entries.length}: ${types}.${clientNaming.responseType(op)} = ${fixtures}.${fixtureName};`);
        usesTypes = usesFixtures = true;
      }
      if (sig.payload) {
        if (sig.payload.bodyKind !== 'json') skipped.nonJsonPayloads++;
        else {
          const body = locate(doc, `${sig.node.pointer}/requestBody`);
          const media = `${body.pointer}/content/${escapeToken(sig.payload.content.mediaType)}`;
          const examples = examplesOf(doc, media);
          if (examples.length === 0) skipped.payloadsWithoutExample++;
          for (const example of examples) {
            if (probeExample('request example', example, `${types}.${clientNaming.payloadType(op)}`, media)) usesTypes = true;
          }
        }
      }
      if (sig.response.responseType === 'json') {
        let any = false;
        for (const response of sig.response.responses) {
          const content = response.contents[0];
          if (!content || !isJsonMediaType(content.mediaType)) continue;
          const at = locate(doc, `${sig.node.pointer}/responses/${escapeToken(response.status)}`);
          const media = `${at.pointer}/content/${escapeToken(content.mediaType)}`;
          for (const example of examplesOf(doc, media)) {
            any = true;
            if (probeExample('response example', { ...example, source: `${response.status} ${example.source}` }, `${types}.${clientNaming.responseType(op)}`, media)) usesTypes = true;
          }
        }
        if (!any) skipped.responsesWithoutExample++;
      }

      /** Validates a contract example and, when the contract accepts it, adds its probe. */
      function probeExample(kind, example, target, media) {
        if (literal(example.value) === undefined) {
          skipped.unserializable++;
          return false;
        }
        const schema = locate(doc, `${media}/schema`);
        let value = example.value;
        let removed = [];
        if (schema.node !== undefined) {
          let result;
          try {
            result = view(kind === 'request example' ? 'request' : 'response').validate(schema.pointer, example.value);
          } catch (error) {
            result = { valid: false, errors: [{ instancePath: '/', message: `validator failed: ${String(error?.message ?? error).slice(0, 200)}` }] };
          }
          if (!result.valid) {
            // An example the response view accepts but the request view rejects carries readOnly properties.
            const readOnly = kind === 'request example' && safeValid(view('response'), schema.pointer, example.value);
            invalid.push({ kind, operation: key, source: example.source, readOnly, errors: result.errors.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`) });
            return false;
          }
          ({ value, removed } = stripUndeclared(doc, schema.node, example.value));
        }
        add({ kind, operation: key, source: example.source, cast: false, undeclared: removed }, `export const probe${entries.length}: ${target} = ${literal(value)};`);
        return true;
      }
    }
    if (usesTypes) imports.push(`import type * as ${types} from '${moduleOf(clientNaming.indexFile(resource))}';`);
    if (usesFixtures) imports.push(`import * as ${fixtures} from '${moduleOf(mocksNaming.fixturesFile(resource))}';`);
  });

  const prefix = [...header, ...imports, ''];
  for (const e of entries) e.line = prefix.length + e.index + 1;
  const text = `${[...prefix, ...lines].join('\n')}\n`;
  const file = path.join(outDir, PROBE_FILE);
  writeFileSync(file, text);
  return {
    file,
    entries: entries.map(({ index: _index, ...e }) => e),
    invalid,
    skipped,
    casts,
  };
}

function safeValid(validator, pointer, value) {
  try {
    return validator.validate(pointer, value).valid;
  } catch {
    return false;
  }
}

/**
 * The compiler errors of a `tsc --pretty false` output that lie in the probe file, by line: each with its code,
 * column and message lines (the first line, then the elaboration).
 * @param {string} output the compiler's stdout
 * @returns {Map<number, Array<{ code: string, column: number, messages: string[] }>>}
 */
export function probeErrors(output) {
  const byLine = new Map();
  let current;
  const base = path.basename(PROBE_FILE);
  for (const raw of output.split(/\r?\n/)) {
    const m = /^(.*?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(raw);
    if (m) {
      current = undefined;
      if (path.basename(m[1]) !== base) continue;
      const line = Number(m[2]);
      current = { code: m[4], column: Number(m[3]), messages: [`${m[4]}: ${m[5]}`] };
      byLine.set(line, [...(byLine.get(line) ?? []), current]);
    } else if (current && /^\s+\S/.test(raw)) current.messages.push(raw.trim());
    else current = undefined;
  }
  return byLine;
}

/**
 * Tallies a probe against one compiler's output: per kind, how many values were probed, how many failed, and how
 * many examples lost properties their contract does not declare before they were probed.
 * @param {import('./usageProbe.d.mts').UsageProbe} probe the probe
 * @param {string} output the compiler's stdout (`--pretty false`)
 * @returns {import('./usageProbe.d.mts').ProbeTally}
 */
export function tallyProbe(probe, output) {
  const errors = probeErrors(output);
  const byKind = Object.fromEntries(PROBE_KINDS.map((k) => [k, { probed: 0, failed: 0, undeclared: 0 }]));
  const failures = [];
  for (const e of probe.entries) {
    byKind[e.kind].probed++;
    if (e.undeclared?.length) byKind[e.kind].undeclared++;
    const found = errors.get(e.line);
    if (!found) continue;
    byKind[e.kind].failed++;
    failures.push({ ...e, messages: found.flatMap((x) => x.messages) });
  }
  // Errors on other lines (imports, a bad namespace) fail the probe as a whole.
  const lines = new Set(probe.entries.map((e) => e.line));
  const stray = [...errors].filter(([line]) => !lines.has(line)).map(([line, list]) => `line ${line}: ${list.map((x) => x.messages[0]).join(' ')}`);
  return { byKind, failures, stray };
}

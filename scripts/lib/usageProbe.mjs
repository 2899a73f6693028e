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
import { escapeToken, examplesOf, fixtureExports, isJsonMediaType, literal, locate, moduleOf, stripUndeclared } from './probeExamples.mjs';

export { locate };

/** The probe file, relative to the output root (inside `src/`, so `src/**\/*.ts` type-checks it with the output). */
export const PROBE_FILE = 'src/reslayer-usage-probe.ts';
/** What a probe assigns. */
export const PROBE_KINDS = Object.freeze(['fixture', 'request example', 'response example']);

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
  const lib = (entry) => import(pathToFileURL(path.join(ROOT, 'packages/core/lib', entry)).href);
  const core = { ...(await lib('index.js')), ...(await lib('host.js')) };
  const { clientNaming } = await import(pathToFileURL(path.join(ROOT, 'packages/plugin-client/lib/naming.js')).href);
  const { mocksNaming } = await import(pathToFileURL(path.join(ROOT, 'packages/plugin-mocks/lib/naming.js')).href);
  const loaded = await core.loadContract(contract);
  const diagnostics = new core.Diagnostics();
  const model = core.detectResources(core.normalizeContract(loaded, diagnostics), diagnostics);
  const state = probeState(loaded.document, createValidator ?? (await loadContractValidator()));
  const ctx = { core, clientNaming, mocksNaming, model, outDir };
  model.resources.forEach((resource, i) => probeResource(state, ctx, resource, i));

  const header = [
    '// Usage probe written by scripts/lib/usageProbe.mjs: real values assigned to the generated types.',
    '// Not part of the generated output; one probe per line (compiler errors map to the value that failed).',
  ];
  const { imports, lines, entries, invalid, skipped } = state;
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
    casts: state.casts,
  };
}

/** The probe being built: its lines and entries, the examples found invalid or skipped, and the validator views. */
function probeState(doc, factory) {
  let requestView;
  let responseView;
  const state = {
    doc,
    view: (which) => (which === 'request' ? (requestView ??= factory(doc, 'request')) : (responseView ??= factory(doc, 'response'))),
    imports: [],
    lines: [],
    entries: [],
    invalid: [],
    skipped: { nonJsonPayloads: 0, payloadsWithoutExample: 0, responsesWithoutExample: 0, unserializable: 0 },
    casts: 0,
    /** Adds a probe: a comment, then its line. */
    add(entry, text) {
      state.lines.push(`// ${entry.kind}: ${entry.operation} (${entry.source})`.replace(/\s+/g, ' '));
      state.lines.push(text);
      state.entries.push({ ...entry, line: 0, index: state.lines.length - 1 });
    },
  };
  return state;
}

/** Probes one resource (its entity fixtures, then each operation) and imports what those probes use. */
function probeResource(state, ctx, resource, i) {
  const { clientNaming, mocksNaming } = ctx;
  const names = { types: `T${i}`, fixtures: `M${i}`, exported: fixtureExports(path.join(ctx.outDir, 'src', mocksNaming.fixturesFile(resource))) };
  const uses = { types: false, fixtures: false };
  probeEntityFixtures(state, ctx, resource, names, uses);
  for (const op of resource.operations) probeOperation(state, ctx, resource, op, names, uses);
  if (uses.types) state.imports.push(`import type * as ${names.types} from '${moduleOf(clientNaming.indexFile(resource))}';`);
  if (uses.fixtures) state.imports.push(`import * as ${names.fixtures} from '${moduleOf(mocksNaming.fixturesFile(resource))}';`);
}

/**
 * A store's entity fixtures (`<resource>Fixtures`, `<resource>EntityDefaults`) against the response type the store's
 * entity comes from: the read's, or the list's when the store holds the list's items (no read, or a read answering
 * no key).
 */
function probeEntityFixtures(state, { core, clientNaming, mocksNaming, model }, resource, { types, fixtures, exported }, uses) {
  const readOp = resource.operations.find((op) => op.role === 'read');
  const listOp = resource.operations.find((op) => op.role === 'list');
  for (const [name, type] of [
    [mocksNaming.entityFixtures(resource), 'list'],
    [mocksNaming.entityDefaults(resource), 'one'],
  ]) {
    const fixture = exported.get(name);
    const source = listOp && fixture?.base === clientNaming.responseType(listOp) ? listOp : readOp;
    if (!fixture || !source) continue;
    if (fixture.cast) state.casts++;
    // A wrapped entity is checked against the response's property that holds it.
    const response = `${types}.${clientNaming.responseType(source)}`;
    const held = fixture.wrap ? `NonNullable<NonNullable<${response}>[${fixture.wrap}]>` : response;
    const target = fixture.one ? `${held}[number]` : fixture.items ? `NonNullable<${held}>[number]` : held;
    state.add(
      { kind: 'fixture', operation: core.describeOperation(model, resource, source).node.key, source: name, cast: fixture.cast },
      `export const probe${state.entries.length}: ${type === 'list' ? `readonly ${target}[]` : target} = ${fixtures}.${name};`,
    );
    uses.types = uses.fixtures = true;
  }
}

/** One operation: its success fixture, its JSON request examples and its JSON success response examples. */
function probeOperation(state, { core, clientNaming, mocksNaming, model }, resource, op, { types, fixtures, exported }, uses) {
  const { doc, skipped } = state;
  const sig = core.describeOperation(model, resource, op);
  const key = sig.node.key;
  const fixtureName = mocksNaming.fixture(op);
  const fixture = exported.get(fixtureName);
  if (fixture) {
    if (fixture.cast) state.casts++;
    state.add({ kind: 'fixture', operation: key, source: fixtureName, cast: fixture.cast }, `export const probe${state.entries.length}: ${types}.${clientNaming.responseType(op)} = ${fixtures}.${fixtureName};`);
    uses.types = uses.fixtures = true;
  }
  if (sig.payload) {
    if (sig.payload.bodyKind !== 'json') skipped.nonJsonPayloads++;
    else {
      const body = locate(doc, `${sig.node.pointer}/requestBody`);
      const media = `${body.pointer}/content/${escapeToken(sig.payload.content.mediaType)}`;
      const examples = examplesOf(doc, media);
      if (examples.length === 0) skipped.payloadsWithoutExample++;
      for (const example of examples) {
        if (probeExample(state, key, 'request example', example, `${types}.${clientNaming.payloadType(op)}`, media)) uses.types = true;
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
        if (probeExample(state, key, 'response example', { ...example, source: `${response.status} ${example.source}` }, `${types}.${clientNaming.responseType(op)}`, media)) uses.types = true;
      }
    }
    if (!any) skipped.responsesWithoutExample++;
  }
}

/** Validates a contract example and, when the contract accepts it, adds its probe. */
function probeExample(state, key, kind, example, target, media) {
  const { doc, view } = state;
  if (literal(example.value) === undefined) {
    state.skipped.unserializable++;
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
      state.invalid.push({ kind, operation: key, source: example.source, readOnly, errors: result.errors.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`) });
      return false;
    }
    ({ value, removed } = stripUndeclared(doc, schema.node, example.value));
  }
  state.add({ kind, operation: key, source: example.source, cast: false, undeclared: removed }, `export const probe${state.entries.length}: ${target} = ${literal(value)};`);
  return true;
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

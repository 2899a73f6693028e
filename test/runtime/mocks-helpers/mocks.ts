// Generates a contract with the built CLI into `.runtime-out/mocks-<case>/`, transpiles the generated MSW mocks
// (`src/shared/mocks/**`) to ESM JavaScript beside them (`js/shared/mocks/**`, the approach of
// packages/plugin-mocks/test/runtime.test.ts) and loads every resource's module.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { HttpHandler } from 'msw';
import { describeOperation, type ApiModel } from '@reslayer/core';
import { detectResources, Diagnostics, loadContract, normalizeContract } from '@reslayer/core/host';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { runCli } from '../../helpers/cli.js';
import { ROOT } from '../../helpers/paths.js';

/** Output base (inside the repository, so the generated `import … from 'msw'` resolves from the root `node_modules`). */
export const MOCKS_OUT = path.join(ROOT, '.runtime-out');

/** Scenario names every generated resource has. */
export type ScenarioName = 'success' | 'empty' | 'error' | 'slow';

/** The loaded mocks of one resource. */
export interface ResourceMocks {
  /** Folder name under `shared/mocks`. */
  name: string;
  /** Handlers by scenario (`<r>Scenarios`). */
  scenarios: Record<ScenarioName, HttpHandler[]>;
  /** The in-memory store of a CRUD resource (`<r>Store`), if any. */
  store?: Map<string, unknown>;
  /** The folder of the resource whose store the handlers import (actions on its items, `POST /contacts/{id}/archive`). */
  storeFrom?: string;
  /** `reset<R>Store()`, if any. */
  reset?: () => void;
  /** `create<R>Handlers(options)`: fresh handlers with another scenario or base URL. */
  create: (options: { scenario?: ScenarioName; baseUrl?: string }) => HttpHandler[];
  /** Every export of the index module (fixtures included). */
  exports: Record<string, unknown>;
  /** The resource's operations, as `METHOD /path` keys (the model's). */
  operations: string[];
  /** The operation of each `http.*` handler, in the order of the handler lists (`<r>Scenarios.success`, `create…()`). */
  handlerOps: string[];
}

/** A generated and loaded mocks tree. */
export interface LoadedMocks {
  outDir: string;
  resources: ResourceMocks[];
  /** Resource by `METHOD /path` key. */
  byOperation: Map<string, ResourceMocks>;
  /**
   * Operations without a handler of their own, and the operation whose handler answers them (path keys that
   * differ by a fragment only: `GET /shared_items#folders` → `GET /shared_items`).
   */
  answeredBy: Map<string, string>;
  /** The operation a handler object answers (every scenario's handlers, and those `create` made since). */
  handlerOp: WeakMap<object, string>;
  /** The handlers of a scenario over every resource. */
  handlers(scenario: ScenarioName): HttpHandler[];
  /** Restores every store to its fixtures. */
  resetStores(): void;
}

/**
 * Generates `contract` (contract mode: the built-in plugins, default options, mocks included) into a fresh
 * `.runtime-out/mocks-<caseName>/`, transpiles the mocks and imports them.
 * @param caseName output folder suffix
 * @param contract absolute path of the contract
 * @throws Error when the CLI fails, emits no mocks, or a file does not transpile
 */
export async function generateMocks(caseName: string, contract: string): Promise<LoadedMocks> {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(caseName)) throw new Error(`bad case name ${caseName}`);
  const outDir = path.join(MOCKS_OUT, `mocks-${caseName}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const run = runCli(['generate', contract, '--output', outDir, '--json'], { timeoutMs: 180_000 });
  if (run.status !== 0) {
    throw new Error(`reslayer generate ${contract} failed (exit ${String(run.status)}${run.timedOut ? ', timed out' : ''}):\n${run.stdout}\n${run.stderr}`);
  }
  const mocksSrc = path.join(outDir, 'src/shared/mocks');
  if (!existsSync(mocksSrc)) throw new Error(`no mocks generated under ${mocksSrc}`);
  const jsRoot = path.join(outDir, 'js');
  for (const rel of (readdirSync(mocksSrc, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'))) {
    const file = path.join(mocksSrc, rel);
    const out = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true },
    });
    const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) throw new Error(`${file} does not transpile: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText ?? '', '\n')}`);
    const target = path.join(jsRoot, 'shared/mocks', rel.replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, out.outputText, 'utf8');
  }
  writeFileSync(path.join(jsRoot, 'package.json'), '{ "type": "module" }\n', 'utf8');

  const resources: ResourceMocks[] = [];
  const byOperation = new Map<string, ResourceMocks>();
  const answeredBy = new Map<string, string>();
  const handlerOp = new WeakMap<object, string>();
  const diagnostics = new Diagnostics();
  const model = detectResources(normalizeContract(await loadContract(contract), diagnostics), diagnostics);
  const names = readdirSync(mocksSrc, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const name of names) {
    const mod = (await import(pathToFileURL(path.join(jsRoot, 'shared/mocks', name, 'index.js')).href)) as Record<string, unknown>;
    const scenarios = Object.entries(mod).find(([k, v]) => k.endsWith('Scenarios') && v !== null && typeof v === 'object' && 'success' in v)?.[1];
    if (!scenarios) throw new Error(`${name}: no <resource>Scenarios export`);
    const store = Object.values(mod).find((v): v is Map<string, unknown> => v instanceof Map);
    const reset = Object.entries(mod).find(([k, v]) => /^reset\w*Store$/.test(k) && typeof v === 'function')?.[1] as (() => void) | undefined;
    const create = Object.entries(mod).find(([k, v]) => /^create\w*Handlers$/.test(k) && typeof v === 'function')?.[1];
    if (typeof create !== 'function') throw new Error(`${name}: no create<Resource>Handlers export`);
    const handlersFile = readdirSync(path.join(mocksSrc, name)).find((f) => f.endsWith('.handlers.ts'));
    const text = handlersFile ? readFileSync(path.join(mocksSrc, name, handlersFile), 'utf8') : '';
    const factories = Object.entries(mod).find(([k]) => k.endsWith('OperationHandlers'))?.[1] as Record<string, unknown> | undefined;
    const { operations, handlerOps } = operationsOf(model, name, Object.keys(factories ?? {}), answeredBy);
    const make = create as ResourceMocks['create'];
    const r: ResourceMocks = {
      name,
      scenarios: scenarios as Record<ScenarioName, HttpHandler[]>,
      create: (options) => label(make(options), handlerOps, handlerOp, name),
      exports: mod,
      operations,
      handlerOps,
    };
    for (const list of Object.values(r.scenarios)) label(list, handlerOps, handlerOp, name);
    if (store) r.store = store;
    const imported = /^import \{ \w+Store \} from '\.\.\/([^/]+)\//m.exec(text)?.[1];
    if (imported) r.storeFrom = imported;
    if (reset) r.reset = reset;
    resources.push(r);
    for (const op of operations) byOperation.set(op, r);
  }
  return {
    outDir,
    resources,
    byOperation,
    answeredBy,
    handlerOp,
    handlers: (scenario) => resources.flatMap((r) => r.scenarios[scenario] ?? []),
    resetStores: () => {
      for (const r of resources) r.reset?.();
    },
  };
}

/**
 * The operations of a resource (the model's `METHOD /path` keys) and the operation of each handler, in the order of
 * `<r>OperationHandlers` (the order of the handlers). An operation without a handler of its own is answered by the
 * handler of the operation on the same method, URL path and literal query (path keys that differ by a
 * fragment only) whose path has no fragment, else the first such operation, recorded in `answeredBy`.
 */
function operationsOf(model: ApiModel, resource: string, factories: string[], answeredBy: Map<string, string>): { operations: string[]; handlerOps: string[] } {
  const r = model.resources.find((x) => x.resource === resource);
  if (!r) throw new Error(`${resource}: no such resource in the model`);
  const sigs = r.operations.map((op) => describeOperation(model, r, op));
  const byMethod = new Map(sigs.map((sig) => [clientNaming.method(sig.op), sig.node.key]));
  const handlerOps = factories.map((m) => byMethod.get(m) ?? `${m}: not an operation of ${resource}`);
  for (const sig of sigs) {
    if (handlerOps.includes(sig.node.key)) continue;
    const same = (o: typeof sig) => o.node.method === sig.node.method && o.urlPath === sig.urlPath && o.fixedQuery === sig.fixedQuery;
    const others = model.resources.flatMap((x) => x.operations.map((op) => describeOperation(model, x, op))).filter((o) => o !== sig && same(o) && o.node.key !== sig.node.key);
    // The operation without a fragment (`PUT /files/{file_id}` beside `…#add_shared_link`) holds the route when there is one.
    const by = others.find((o) => !o.node.path.includes('#')) ?? others[0];
    if (by) answeredBy.set(sig.node.key, by.node.key);
  }
  return { operations: sigs.map((sig) => sig.node.key), handlerOps };
}

/** Records which operation each handler of a list answers (the lists keep the order of the `http.*` calls). */
function label(list: HttpHandler[], handlerOps: readonly string[], into: WeakMap<object, string>, resource: string): HttpHandler[] {
  if (list.length !== handlerOps.length) throw new Error(`${resource}: ${list.length} handlers, ${handlerOps.length} operation handler factories`);
  list.forEach((h, i) => into.set(h, handlerOps[i] as string));
  return list;
}

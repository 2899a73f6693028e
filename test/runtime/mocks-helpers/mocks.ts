// Generates a contract with the built CLI into `.runtime-out/mocks-<case>/`, transpiles the generated MSW mocks
// (`src/shared/mocks/**`) to ESM JavaScript beside them (`js/shared/mocks/**`, the approach of
// packages/plugin-mocks/test/runtime.test.ts) and loads every resource's module.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { HttpHandler } from 'msw';
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
  /** Operations the handlers file answers, as `METHOD /path` keys (from the generated `// op: METHOD /path` comments). */
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
    const { operations, handlerOps } = readHandlerComments(text, answeredBy);
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
 * The operations of a handlers file, from its comments: `// name: METHOD /path` before each operation's factory in
 * `<r>OperationHandlers` (whose `return http.*` call makes the handler; `//   also answers …` lines may follow the
 * comment), or followed by `//   no handler: the handler of METHOD /path answers …` for an
 * operation another operation's handler answers (recorded in `answeredBy`).
 */
function readHandlerComments(text: string, answeredBy: Map<string, string>): { operations: string[]; handlerOps: string[] } {
  const operations: string[] = [];
  const handlerOps: string[] = [];
  let title: string | undefined;
  for (const line of text.split('\n')) {
    const t = /^ {2}\/\/ [\w$]+: ([A-Z]+) (\S.*)$/.exec(line);
    if (t) {
      title = `${t[1]} ${t[2]}`;
      operations.push(title);
      continue;
    }
    const by = /^ {2}\/\/ {3}no handler: the handler of ([A-Z]+ \S.*) answers \(the same request/.exec(line);
    if (by?.[1] && title) answeredBy.set(title, by[1]);
    else if (/^ {4}return http\.\w+/.test(line)) {
      if (!title) throw new Error(`a handler without its operation comment: ${line}`);
      handlerOps.push(title);
      title = undefined;
    }
  }
  return { operations, handlerOps };
}

/** Records which operation each handler of a list answers (the lists keep the order of the `http.*` calls). */
function label(list: HttpHandler[], handlerOps: readonly string[], into: WeakMap<object, string>, resource: string): HttpHandler[] {
  if (list.length !== handlerOps.length) throw new Error(`${resource}: ${list.length} handlers, ${handlerOps.length} handler comments`);
  list.forEach((h, i) => into.set(h, handlerOps[i] as string));
  return list;
}

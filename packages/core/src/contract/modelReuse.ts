import { type Diagnostic, Diagnostics } from '../diagnostics/Diagnostics.js';
import type { DetectOptions } from '../detect/detectResources.js';
import type { ApiModel, OperationNode } from '../model/types.js';
import { HTTP_METHODS } from '../model/types.js';
import { JsonReparse } from './jsonReparse.js';
import type { LoadedContract } from './loadContract.js';
import { finishOperation, normalizeContract } from './normalize.js';

type Raw = Record<string, unknown>;

/** How {@link ModelReuse.normalize} built its last model. */
export type ModelReuseOutcome = 'reused' | 'normalized';

/** Below this depth the comparison gives up and the contract is normalized (a cyclic document ends here). */
const MAX_DEPTH = 4096;

/** The operations' prose: what a change may touch while the normalized model is reused. */
const PROSE = new Set(['summary', 'description']);

/**
 * The normalizer with a memory, for a process that generates the same contract again and again
 * (`reslayer generate --watch`). It keeps the last contract document it saw and the model normalized from
 * it. When the next document of the same file differs from it *only* in the `summary` or `description` of
 * operations written inline in `paths` (the edit a writer of the contract makes most), the model is the kept
 * one with those operations' prose replaced; otherwise the contract is normalized afresh. Either way the
 * model, and the diagnostics the normalizer reports, equal those of `normalizeContract` on the new
 * document (the normalizer copies an operation's prose into its node and reads it nowhere else).
 *
 * The comparison walks both documents (about 30 ms for GitHub's 7 MB contract, against 120 to 300 ms of
 * normalizing); values compare by `Object.is`, `Date`s by their time, objects by their keys in order, and
 * anything else that is not plain data counts as a change. Holding the last document and model costs memory
 * between runs, about as much as one run's parse and model.
 *
 * The kept model's schemas and parameters are shared with the next run's model, so `detect` taps and
 * plugins must treat the model as read-only, as the hook contract asks (docs/hooks.md).
 *
 * It also keeps the contract file's last JSON text ({@link reparse}), so the load parses a save by difference:
 * only the object or array that holds the change is parsed again, and the new document shares the rest with
 * the kept one, which the comparison then skips by identity.
 */
export class ModelReuse {
  /** The entry file's last JSON text and document, for the load (`LoadContractOptions.reparse`). */
  readonly reparse = new JsonReparse();
  #last: { file: string; document: unknown; model: ApiModel; diagnostics: Diagnostic[] } | undefined;
  #outcome: ModelReuseOutcome | undefined;
  /** The last comparison with the kept document ({@link sameAsLast}), by the document compared. */
  #compared: { document: unknown; same: boolean } | undefined;
  /** Core's detection of the kept model (cleared with it): its resources and diagnostics, and the naming overrides it had. */
  #detected: { overrides: string; resources: ApiModel['resources']; diagnostics: Diagnostic[] } | undefined;

  /** How the last {@link normalize} built its model; undefined before the first. */
  get outcome(): ModelReuseOutcome | undefined {
    return this.#outcome;
  }

  /**
   * Whether a document of the contract file `file` differs from the kept one only in operations' prose (see
   * the class). The kept document is a loaded one, whose `$ref`s are all internal, so a document for which
   * this is true has no external `$ref` either: the load skips looking for them (`LoadContractOptions.knownInternal`).
   * The answer for the last document asked about is kept, so {@link normalize} does not compare it again.
   * @param file absolute path of the contract's entry file
   * @param document the parsed document
   * @returns true when the model of the kept document can be reused for this one
   */
  sameAsLast(file: string, document: unknown): boolean {
    const last = this.#last;
    if (!last || last.file !== file) return false;
    const kept = this.#compared;
    if (kept && kept.document === document) return kept.same;
    const same = sameExceptProse(last.document, document);
    this.#compared = { document, same };
    return same;
  }

  /**
   * Normalizes a loaded contract, reusing the last model when only operations' prose changed (see the class).
   * @param contract the bundled contract from `loadContract`
   * @param diagnostics where the normalizer's findings go (the kept ones again, when the model is reused)
   * @returns the model, as `normalizeContract` returns it
   */
  normalize(contract: LoadedContract, diagnostics: Diagnostics): ApiModel {
    const last = this.#last;
    let model: ApiModel;
    let found: Diagnostic[];
    if (last && this.sameAsLast(contract.file, contract.document)) {
      model = withProseOf(last.model, contract.document as unknown as Raw);
      found = last.diagnostics;
      this.#outcome = 'reused';
    } else {
      // Let the old document and model go before the new model is built.
      this.#last = undefined;
      this.#compared = undefined;
      this.#detected = undefined;
      const own = new Diagnostics();
      model = normalizeContract(contract, own);
      found = own.list();
      this.#outcome = 'normalized';
    }
    for (const d of found) diagnostics.add(d);
    this.#last = { file: contract.file, document: contract.document, model, diagnostics: found };
    this.#compared = undefined;
    return model;
  }

  /**
   * Core's resource detection (the first `detect` tap) with the same memory. Detection reads no operation's
   * `summary` or `description`, so when this run's model was reused, reaches core's tap as it left
   * {@link normalize} (the same meta, schemas and operations), and the naming overrides are those of the last
   * detection, the resources detected last time are the answer and their diagnostics are reported again.
   * @param model the model core's tap gets
   * @param diagnostics where detection's findings go
   * @param overrides the config's naming overrides
   * @param detect core's detector, run otherwise
   * @returns the model with its resources, as `detect` returns it
   */
  detect(model: ApiModel, diagnostics: Diagnostics, overrides: DetectOptions['overrides'], detect: (model: ApiModel, diagnostics: Diagnostics) => ApiModel): ApiModel {
    const key = JSON.stringify(overrides ?? null);
    const last = this.#last?.model;
    const asNormalized = last !== undefined && model.meta === last.meta && model.schemas === last.schemas && model.operations === last.operations;
    const kept = this.#detected;
    if (this.#outcome === 'reused' && asNormalized && kept && kept.overrides === key) {
      for (const d of kept.diagnostics) diagnostics.add(d);
      return { ...model, resources: kept.resources };
    }
    const own = new Diagnostics();
    const detected = detect(model, own);
    const found = own.list();
    for (const d of found) diagnostics.add(d);
    this.#detected = asNormalized ? { overrides: key, resources: detected.resources, diagnostics: found } : undefined;
    return detected;
  }

  /**
   * Does now the work the next load by difference needs (indexing the kept text: for GitHub's
   * contract 39–63 ms pretty-printed, 22–26 ms minified), e.g. while a watch waits for the next save.
   */
  prepare(): void {
    this.reparse.prepare();
  }

  /** Forgets the kept document and model (the next {@link normalize} normalizes afresh) and the kept text. */
  clear(): void {
    this.reparse.clear();
    this.#last = undefined;
    this.#compared = undefined;
    this.#detected = undefined;
  }
}

/** A realm's `Object.prototype`, or no prototype. */
const isRoot = (proto: object | null): boolean => proto === null || Object.getPrototypeOf(proto) === null;

/** A plain object: its prototype is a realm's `Object.prototype` (or none). Arrays, `Date`s and class instances are not. */
function isPlain(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && isRoot(Object.getPrototypeOf(v) as object | null);
}

const isDate = (v: object): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/** True when two documents are equal except for the `summary` and `description` of operations under `paths`. */
function sameExceptProse(a: unknown, b: unknown): boolean {
  if (!isPlain(a) || !isPlain(b)) return same(a, b, 0);
  return sameMembers(a, b, 0, (key, x, y) => (key === 'paths' ? samePaths(x, y) : same(x, y, 1)));
}

function samePaths(a: unknown, b: unknown): boolean {
  if (!isPlain(a) || !isPlain(b)) return same(a, b, 1);
  return sameMembers(a, b, 1, (_path, x, y) => {
    if (!isPlain(x) || !isPlain(y)) return same(x, y, 2);
    return sameMembers(x, y, 2, (key, u, v) => {
      if (!(HTTP_METHODS as readonly string[]).includes(key) || !isPlain(u) || !isPlain(v)) return same(u, v, 3);
      return sameMembers(u, v, 3, (_k, p, q) => same(p, q, 4), (k) => !PROSE.has(k));
    });
  });
}

/** Same keys in the same order (those `keep` keeps) and `compare` true for each. */
function sameMembers(a: Raw, b: Raw, depth: number, compare: (key: string, x: unknown, y: unknown) => boolean, keep?: (key: string) => boolean): boolean {
  if (depth > MAX_DEPTH) return false;
  const ka = keep ? Object.keys(a).filter(keep) : Object.keys(a);
  const kb = keep ? Object.keys(b).filter(keep) : Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (key !== kb[i] || !compare(key, a[key], b[key])) return false;
  }
  return true;
}

/**
 * Deep equality of parsed contract values (see {@link ModelReuse}): `Object.is` for the rest, arrays item by
 * item, plain objects key by key in order, `Date`s by their time; anything else is a change.
 */
function same(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return a !== 0 || Object.is(a, b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Plain objects have a realm's Object.prototype (or none): compared by kind, not identity, across realms.
  const pa = Object.getPrototypeOf(a) as object | null;
  const pb = Object.getPrototypeOf(b) as object | null;
  if (!(pa === Object.prototype || isRoot(pa)) || !(pb === Object.prototype || isRoot(pb))) {
    return isDate(a) && isDate(b) && Object.is(Date.prototype.getTime.call(a), Date.prototype.getTime.call(b));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (key !== kb[i] || !same((a as Raw)[key], (b as Raw)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * The kept model with each operation's `summary` and `description` taken from the new document. An
 * operation whose path item is a `$ref` keeps its node: its prose is not under `paths`, so it did not change.
 */
function withProseOf(model: ApiModel, document: Raw): ApiModel {
  const paths = isPlain(document['paths']) ? document['paths'] : {};
  const operations = model.operations.map((op) => {
    const item = paths[op.path];
    if (!isPlain(item) || typeof item['$ref'] === 'string') return op;
    const raw = item[op.method];
    if (!isPlain(raw)) return op;
    const summary = typeof raw['summary'] === 'string' ? raw['summary'] : undefined;
    const description = typeof raw['description'] === 'string' ? raw['description'] : undefined;
    if (summary === op.summary && description === op.description) return op;
    const { operationId: _operationId, summary: _summary, description: _description, requestBody, ...head } = op;
    return finishOperation({ ...head } as OperationNode, raw, requestBody);
  });
  return { ...model, operations, resources: [] };
}

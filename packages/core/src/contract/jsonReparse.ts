/**
 * Parsing a JSON contract by difference from its last version: when a save changes bytes inside one object
 * or array of the document (an operation's summary, a schema's property), only that value is parsed again,
 * and the new document shares every other value with the kept one. `reslayer generate --watch` uses it
 * through {@link JsonReparse}; a fresh process always parses the whole file.
 *
 * Why the result equals `JSON.parse` of the whole new text: the bytes before the changed value's opening
 * bracket and after its closing bracket are those of the kept version, and a JSON value is self-delimiting,
 * so when the new bytes between the brackets parse as a value, the whole text parses to the kept document
 * with that one value replaced. The value's parents must not hold a key twice (`JSON.parse` keeps the last
 * one): each parent's count of members in the text is compared with its keys in the kept document.
 * @see https://www.rfc-editor.org/rfc/rfc8259 (the JSON grammar)
 */

type Raw = Record<string, unknown>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Objects and arrays nested deeper than this are not indexed: an edit inside one reparses its indexed ancestor. */
const MAX_INDEXED_DEPTH = 7;

/** A value larger than this share of the document is not worth reparsing alone: the whole text is parsed. */
const MAX_SHARE = 0.25;

/**
 * Where the objects and arrays of a JSON text are, down to {@link MAX_INDEXED_DEPTH}: one entry per value, in
 * the order they open (entry 0 is the root object). Offsets are byte offsets into the text's UTF-8 bytes.
 */
export interface JsonIndex {
  /** Offset of the value's `{` or `[`. */
  start: number[];
  /** Offset of its matching `}` or `]`. */
  end: number[];
  /** The entry of the object or array holding it; -1 for the root. */
  parent: number[];
  /** In an object: the offset of its key's opening quote; -1 in an array. */
  keyStart: number[];
  /** In an object: the offset just past its key's closing quote; -1 in an array. */
  keyEnd: number[];
  /** In an array: its position; -1 in an object. */
  item: number[];
  /** An object's number of members in the text (a key written twice counts twice); -1 for an array. */
  members: number[];
}

/** A frame of the scan: an open object or array. */
interface Frame {
  /** Its index entry, or -1 when it is nested too deep to be indexed. */
  entry: number;
  object: boolean;
  /** In an object: the next string is a key. */
  expectKey: boolean;
  keyStart: number;
  keyEnd: number;
  /** In an array: commas seen so far (the position of the next element). */
  commas: number;
  members: number;
}

/**
 * Indexes the objects and arrays of a JSON text whose root is an object.
 * @param bytes the UTF-8 bytes of a text that `JSON.parse` accepted
 * @returns the index, or undefined when the root is not an object or the text does not scan as JSON
 */
export function indexJson(bytes: Uint8Array): JsonIndex | undefined {
  const index: JsonIndex = { start: [], end: [], parent: [], keyStart: [], keyEnd: [], item: [], members: [] };
  const stack: Frame[] = [];
  let i = 0;
  while (i < bytes.length && isSpace(bytes[i] as number)) i++;
  if (bytes[i] !== OPEN_OBJECT) return undefined;
  for (; i < bytes.length; i++) {
    const c = bytes[i] as number;
    // Whitespace (most of a pretty-printed file) first.
    if (c <= 0x20) continue;
    if (c === QUOTE) {
      const close = stringEnd(bytes, i);
      if (close < 0) return undefined;
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        top.expectKey = false;
        top.keyStart = i;
        top.keyEnd = close + 1;
        top.members++;
      }
      i = close;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const top = stack[stack.length - 1];
      let entry = -1;
      if (stack.length <= MAX_INDEXED_DEPTH && (top === undefined || top.entry >= 0)) {
        entry = index.start.length;
        index.start.push(i);
        index.end.push(-1);
        index.parent.push(top ? top.entry : -1);
        index.keyStart.push(top?.object ? top.keyStart : -1);
        index.keyEnd.push(top?.object ? top.keyEnd : -1);
        index.item.push(top && !top.object ? top.commas : -1);
        index.members.push(-1);
      }
      stack.push({ entry, object: c === OPEN_OBJECT, expectKey: c === OPEN_OBJECT, keyStart: -1, keyEnd: -1, commas: 0, members: 0 });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      const frame = stack.pop();
      if (!frame || frame.object !== (c === CLOSE_OBJECT)) return undefined;
      if (frame.entry >= 0) {
        index.end[frame.entry] = i;
        if (frame.object) index.members[frame.entry] = frame.members;
      }
      if (stack.length === 0) break;
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (!top) return undefined;
      if (top.object) top.expectKey = true;
      else top.commas++;
    }
  }
  if (stack.length > 0) return undefined;
  for (i++; i < bytes.length; i++) if (!isSpace(bytes[i] as number)) return undefined;
  return index;
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Offset of the quote that closes the string opened at `open`, or -1. A byte loop: `Buffer#indexOf` costs more per call than most strings are long. */
function stringEnd(bytes: Uint8Array, open: number): number {
  for (let i = open + 1; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) return i;
    // An escape: the next byte is part of it (a quote or a backslash included).
    if (c === BACKSLASH) i++;
  }
  return -1;
}

/** Length of the common start of two byte arrays (compared 4 KiB at a time). */
function commonPrefix(a: Buffer, b: Buffer): number {
  const limit = Math.min(a.length, b.length);
  let at = 0;
  for (const step = 4096; at + step <= limit && a.compare(b, at, at + step, at, at + step) === 0; ) at += step;
  while (at < limit && a[at] === b[at]) at++;
  return at;
}

/** Length of the common end of two byte arrays, at most `limit` bytes. */
function commonSuffix(a: Buffer, b: Buffer, limit: number): number {
  let n = 0;
  for (const step = 4096; n + step <= limit && a.compare(b, b.length - n - step, b.length - n, a.length - n - step, a.length - n) === 0; ) n += step;
  while (n < limit && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** The last entry that opens before `offset` (entries are in the order they open). */
function lastOpenBefore(index: JsonIndex, offset: number): number {
  let lo = 0;
  let hi = index.start.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((index.start[mid] as number) < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A document parsed by difference: the new root, and the one value parsed anew (everything else is shared). */
export interface Reparsed {
  /** The new document (its root and the objects and arrays on the path to the replaced value are new, the rest shared). */
  document: Raw;
  /** The value that replaced its kept version. */
  replaced: unknown;
}

/**
 * Parses the next version of a JSON text by difference from a kept one (see the module's comment).
 * @param kept the kept version: its bytes, the document `JSON.parse` made of them (unchanged since), and their index
 * @param next the new bytes
 * @returns the new document, equal to `JSON.parse` of `next` and sharing every unchanged value with the kept
 *   document; or undefined when the change is not inside one indexed value below the root, that value is over a
 *   quarter of the text, a parent holds a key twice, or the new value does not parse (then the caller parses the
 *   whole text, which reports any syntax error)
 */
export function reparseJson(kept: { bytes: Buffer; document: Raw; index: JsonIndex }, next: Buffer): Reparsed | undefined {
  const { bytes, index } = kept;
  const from = commonPrefix(bytes, next);
  if (from === bytes.length && from === next.length) return undefined;
  const suffix = commonSuffix(bytes, next, Math.min(bytes.length, next.length) - from);
  const toOld = bytes.length - suffix;
  let entry = lastOpenBefore(index, from);
  while (entry > 0 && (index.end[entry] as number) < toOld) entry = index.parent[entry] as number;
  if (entry <= 0) return undefined;
  const start = index.start[entry] as number;
  const end = index.end[entry] as number;
  if (end - start > bytes.length * MAX_SHARE) return undefined;
  let replaced: unknown;
  try {
    replaced = JSON.parse(next.toString('utf8', start, end + next.length - bytes.length + 1));
  } catch {
    return undefined;
  }
  const chain: number[] = [];
  for (let e = entry; e > 0; e = index.parent[e] as number) chain.push(e);
  chain.reverse();
  const document = withReplaced(kept.document, 0, chain, index, bytes, replaced);
  return document === undefined ? undefined : { document: document as Raw, replaced };
}

/**
 * A copy of `node` (the value of index entry `chain[at]`'s parent) with the path `chain[at…]` leading to `value`;
 * only the values on the path are copied. Undefined when the kept document does not match the index there.
 */
function withReplaced(node: unknown, at: number, chain: number[], index: JsonIndex, bytes: Buffer, value: unknown): unknown {
  const entry = chain[at] as number;
  const parent = index.parent[entry] as number;
  const child = (old: unknown) => (at === chain.length - 1 ? value : withReplaced(old, at + 1, chain, index, bytes, value));
  const item = index.item[entry] as number;
  if (item >= 0) {
    if (!Array.isArray(node) || item >= node.length) return undefined;
    const next = child(node[item]);
    if (next === undefined) return undefined;
    const copy = node.slice();
    copy[item] = next;
    return copy;
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  // A key written twice in this object: JSON.parse kept the last, which may not be the one on the path.
  if (keys.length !== index.members[parent]) return undefined;
  const key = JSON.parse(bytes.toString('utf8', index.keyStart[entry], index.keyEnd[entry])) as string;
  if (!Object.hasOwn(node, key)) return undefined;
  const next = child((node as Raw)[key]);
  if (next === undefined) return undefined;
  const copy: Raw = {};
  for (const k of keys) {
    const v = k === key ? next : (node as Raw)[k];
    // An own `__proto__` key (JSON.parse makes one) must stay a property, not set the prototype.
    if (k === '__proto__') Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
    else copy[k] = v;
  }
  return copy;
}

/**
 * The last JSON text of each contract file a process loaded, to parse that file's next version by
 * difference ({@link reparseJson}). Kept by `ModelReuse` for `reslayer generate --watch`; the load hands
 * it the bytes it read and keeps what it parsed (`LoadContractOptions.reparse`). Holds one file's bytes and
 * document, and their index once built.
 */
export class JsonReparse {
  #kept: { file: string; bytes: Buffer; document: Raw; index: JsonIndex | undefined | null } | undefined;
  #outcome: 'difference' | 'whole' | undefined;

  /** How the last {@link parse} went: `difference` when it returned a document, `whole` when it did not. */
  get outcome(): 'difference' | 'whole' | undefined {
    return this.#outcome;
  }

  /**
   * Parses the new bytes of `file` by difference from the kept version, when there is one.
   * @param file absolute path of the contract file
   * @param bytes the bytes just read
   * @returns the new document and the value parsed anew, or undefined (the caller parses the whole text)
   */
  parse(file: string, bytes: Buffer): Reparsed | undefined {
    const kept = this.#kept;
    let result: Reparsed | undefined;
    if (kept && kept.file === file) {
      const index = this.#indexOfKept();
      if (index) result = reparseJson({ bytes: kept.bytes, document: kept.document, index }, bytes);
    }
    this.#outcome = result ? 'difference' : 'whole';
    return result;
  }

  /**
   * Keeps a file's bytes and the document parsed from them, for the next {@link parse}. The document must be
   * what `JSON.parse` made of the bytes (or a document built by {@link parse} for them), and stay unchanged.
   * @param file absolute path of the contract file
   * @param bytes its bytes
   * @param document the parsed document
   */
  keep(file: string, bytes: Buffer, document: Raw): void {
    this.#kept = { file, bytes, document, index: undefined };
  }

  /** Builds the index of the kept text now (e.g. while a watch waits for the next save), instead of in the next {@link parse}. */
  prepare(): void {
    this.#indexOfKept();
  }

  /** Forgets the kept text. */
  clear(): void {
    this.#kept = undefined;
  }

  #indexOfKept(): JsonIndex | undefined {
    const kept = this.#kept;
    if (!kept) return undefined;
    // null: indexed, and not indexable.
    if (kept.index === undefined) kept.index = indexJson(kept.bytes) ?? null;
    return kept.index ?? undefined;
  }
}

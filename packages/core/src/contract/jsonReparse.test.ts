import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { REPO_ROOT } from '../../test/paths.js';
import { JsonReparse, indexJson, reparseJson } from './jsonReparse.js';

type Raw = Record<string, unknown>;

/** The kept version of a text: its bytes, what JSON.parse made of them, and their index. */
function keptOf(text: string): { bytes: Buffer; document: Raw; index: NonNullable<ReturnType<typeof indexJson>> } {
  const bytes = Buffer.from(text);
  const index = indexJson(bytes);
  if (!index) throw new Error('not indexable');
  return { bytes, document: JSON.parse(text) as Raw, index };
}

/**
 * Reparses `next` by difference from `before` and, when it gives a document, checks it against JSON.parse of
 * `next`: the same values, the same key order, the same prototypes and own `__proto__` keys.
 */
function reparse(before: string, next: string, deep = true): Raw | undefined {
  return reparseChecked(keptOf(before), next, deep)?.document;
}

/** {@link reparse} from a kept version already built; returns the whole result. */
function reparseChecked(kept: ReturnType<typeof keptOf>, next: string, deep: boolean): ReturnType<typeof reparseJson> {
  const result = reparseJson(kept, Buffer.from(next));
  if (result) {
    const whole = JSON.parse(next) as unknown;
    // Deep equality (prototypes included) on small texts; on a whole contract the JSON (values, key order) only.
    if (deep) expect(result.document).toStrictEqual(whole);
    expect(JSON.stringify(result.document)).toBe(JSON.stringify(whole));
    expect(Reflect.ownKeys(result.document)).toEqual(Reflect.ownKeys(whole as object));
  }
  return result;
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every object and array of a value with its path (root first). */
function containers(value: unknown, at: (string | number)[] = [], out: { path: (string | number)[]; node: Raw | unknown[] }[] = []) {
  if (value === null || typeof value !== 'object') return out;
  out.push({ path: at, node: value as Raw | unknown[] });
  if (Array.isArray(value)) value.forEach((v, i) => containers(v, [...at, i], out));
  else for (const [k, v] of Object.entries(value)) containers(v, [...at, k], out);
  return out;
}

/** A real contract (Redoc's 3.1 demo, committed in fixtures/corpus), as the JSON text its tool would write. */
const REAL_CONTRACT = path.join(REPO_ROOT, 'fixtures/corpus/redoc-petstore-3.1/openapi-3-1.yaml');

describe('reparseJson', () => {
  it('gives the document JSON.parse gives, sharing every unchanged value, for random edits of a real contract', () => {
    const base = JSON.parse(JSON.stringify(yaml.load(readFileSync(REAL_CONTRACT, 'utf8')))) as Raw;
    const all = containers(base).filter((c) => c.path.length >= 2);
    const next = random(7);
    let byDifference = 0;
    for (let round = 0; round < 60; round++) {
      const document = structuredClone(base);
      const { path: where } = all[Math.floor(next() * all.length)]!;
      let node = document as unknown as Raw;
      for (const key of where) node = (node as Record<string | number, unknown>)[key] as Raw;
      // One of: change a value, add a member or item, remove one.
      const kind = round % 3;
      if (Array.isArray(node)) {
        if (kind === 0 && node.length > 0) node[0] = { edited: round, text: 'é “quoted” \\ "x" 🙂' };
        else if (kind === 1) node.push(round);
        else node.splice(0, 1);
      } else {
        const keys = Object.keys(node);
        if (kind === 0 && keys.length > 0) node[keys[0]!] = `edited ${round} {"not": "json"} \\"`;
        else if (kind === 1) node[`added${round}`] = { nested: [round, null, true] };
        else if (keys.length > 0) delete node[keys[keys.length - 1]!];
      }
      // Pretty-printed like the file, or minified as a tool writes it.
      const indent = round % 2 === 0 ? 2 : undefined;
      const before = JSON.stringify(base, null, indent);
      const after = JSON.stringify(document, null, indent);
      const kept = keptOf(before);
      const result = reparseChecked(kept, after, false);
      if (!result) continue;
      byDifference++;
      // The top-level members that hold no change are the kept ones, not copies.
      for (const key of Object.keys(kept.document)) if (key !== where[0]) expect(result.document[key]).toBe(kept.document[key]);
    }
    // Most edits land inside one value below the root.
    expect(byDifference).toBeGreaterThan(40);
  });

  it('parses only the changed object: an operation’s summary', () => {
    const before = JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: { summary: 'A', responses: {} } }, '/b': { get: { summary: 'B' } } }, components: { schemas: { S: { type: 'string' } } } });
    const after = before.replace('"summary":"A"', '"summary":"A, edited"');
    const kept = keptOf(before);
    const result = reparseJson(kept, Buffer.from(after))!;
    expect(result.replaced).toEqual({ summary: 'A, edited', responses: {} });
    const paths = result.document['paths'] as Raw;
    const keptPaths = kept.document['paths'] as Raw;
    expect(paths['/b']).toBe(keptPaths['/b']);
    expect(result.document['components']).toBe(kept.document['components']);
    expect(paths).not.toBe(keptPaths);
    expect(kept.document).toStrictEqual(JSON.parse(before));
  });

  it('finds the right value behind escaped quotes, brackets in strings and multi-byte characters', () => {
    const before = JSON.stringify({ a: { s: 'x\\"}{[', t: '“é” 🙂 \\\\' }, b: [{ c: '\\\\"' }, { d: [1, 2, { e: 'é' }] }], f: { g: 1 } });
    const after = before.replace('"e":"é"', '"e":"è, changed"');
    const result = reparse(before, after);
    expect(result).toBeDefined();
    expect(((result!['b'] as Raw[])[1] as { d: [number, number, Raw] }).d[2]).toEqual({ e: 'è, changed' });
  });

  it('reparses the nearest indexed ancestor of a change nested deeper than the index goes', () => {
    let deep: unknown = { leaf: 'old' };
    for (let i = 0; i < 12; i++) deep = { [`level${i}`]: deep };
    const before = JSON.stringify({ keep: { filler: 'x'.repeat(1000) }, deep });
    const result = reparse(before, before.replace('"old"', '"new"'));
    expect(result).toBeDefined();
    // The value parsed anew is the deepest indexed object holding the change, not the whole `deep` tree.
    const replaced = reparseChecked(keptOf(before), before.replace('"old"', '"new"'), true)?.replaced;
    const text = JSON.stringify(replaced);
    expect(text).toContain('"leaf":"new"');
    expect(text.length).toBeLessThan(JSON.stringify(deep).length);
    expect(text).not.toBe('{"leaf":"new"}');
  });

  it('keeps an own __proto__ key a property, on the path and beside it', () => {
    const before = '{"a":{"__proto__":{"x":1},"b":{"c":1}},"z":{"y":2}}';
    for (const after of [before.replace('"c":1', '"c":2'), before.replace('"x":1', '"x":3')]) {
      const result = reparse(before, after)!;
      expect(result).toBeDefined();
      const a = result['a'] as Raw;
      expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
      expect(Object.hasOwn(a, '__proto__')).toBe(true);
    }
  });

  it('answers nothing when a parent holds the changed key twice (JSON.parse keeps the last)', () => {
    const before = '{"paths":{"/a":{"get":{"summary":"first"}},"/a":{"get":{"summary":"second"}}},"x":{}}';
    expect(reparse(before, before.replace('"first"', '"FIRST"'))).toBeUndefined();
    expect(reparse(before, before.replace('"second"', '"SECOND"'))).toBeUndefined();
    // The same text with two different keys is parsed by difference: the key written twice is what stops it.
    const distinct = before.replace('"/a":{"get":{"summary":"second"}}', '"/b":{"get":{"summary":"second"}}');
    expect(reparse(distinct, distinct.replace('"first"', '"FIRST"'))).toBeDefined();
  });

  it('answers nothing for a change at the root, a value over a quarter of the text, the same bytes or a new value that does not parse', () => {
    const before = JSON.stringify({ openapi: '3.1.0', big: { list: Array.from({ length: 50 }, (_, i) => i) }, small: { a: 1 } });
    expect(reparse(before, before.replace('"openapi":"3.1.0"', '"openapi":"3.0.3"'))).toBeUndefined();
    expect(reparse(before, before.replace('"small"', '"little"'))).toBeUndefined();
    expect(reparse(before, before.replace('[0,', '[-1,'))).toBeUndefined();
    expect(reparse(before, before)).toBeUndefined();
    expect(reparse(before, before.replace('"a":1', '"a":1,'))).toBeUndefined();
    expect(reparse(before, before.replace('"a":1', '"a":1}'))).toBeUndefined();
  });
});

describe('indexJson', () => {
  it('indexes objects and arrays with their parents, keys and positions', () => {
    const text = '{ "a": [ {"b": 1}, [2] ], "c\\"d": {} }';
    const index = indexJson(Buffer.from(text))!;
    expect(index.start.map((s, i) => text.slice(s, (index.end[i] as number) + 1))).toEqual([text, '[ {"b": 1}, [2] ]', '{"b": 1}', '[2]', '{}']);
    expect(index.parent).toEqual([-1, 0, 1, 1, 0]);
    expect(index.item).toEqual([-1, -1, 0, 1, -1]);
    expect(text.slice(index.keyStart[4], index.keyEnd[4])).toBe('"c\\"d"');
    expect(index.members).toEqual([2, -1, 1, -1, 0]);
  });

  it('indexes nothing but an object at the root', () => {
    expect(indexJson(Buffer.from('[1, 2]'))).toBeUndefined();
    expect(indexJson(Buffer.from('"text"'))).toBeUndefined();
    expect(indexJson(Buffer.from('{"a": 1} x'))).toBeUndefined();
  });
});

describe('JsonReparse', () => {
  it('parses the kept file’s next bytes by difference, and nothing for another file or after clear', () => {
    const reparse = new JsonReparse();
    const before = '{"paths":{"/a":{"get":{"summary":"A"}}},"info":{"title":"t"}}';
    const after = Buffer.from(before.replace('"A"', '"B"'));
    expect(reparse.parse('/c.json', after)).toBeUndefined();
    expect(reparse.outcome).toBe('whole');
    reparse.keep('/c.json', Buffer.from(before), JSON.parse(before) as Raw);
    reparse.prepare();
    expect(reparse.parse('/other.json', after)).toBeUndefined();
    expect(reparse.parse('/c.json', after)?.document).toStrictEqual(JSON.parse(after.toString()));
    expect(reparse.outcome).toBe('difference');
    reparse.clear();
    expect(reparse.parse('/c.json', after)).toBeUndefined();
  });
});

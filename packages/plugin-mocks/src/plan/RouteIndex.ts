import type { ApiModel } from '@reslayer/core';
import { memoOnModel, operationUrl } from '@reslayer/core';

/** A segment that is one whole path parameter (`{petId}`), and its name. */
const WHOLE_PARAM = /^\{([^{}]+)\}$/;

/** A path template split into segments, with its precision: literal segments, then literal characters. */
interface Template {
  path: string;
  /** Position of the template's first operation (results keep the operations' order). */
  ordinal: number;
  /** `path.split('/')`: the leading empty segment included. */
  parts: string[];
  /** The segments after the first `/`. */
  segments: string[];
  rank: [number, number];
}

function template(path: string, ordinal: number): Template {
  const parts = path.split('/');
  const segments = parts.slice(1);
  const literals = segments.filter((s) => !s.includes('{')).length;
  const chars = path.replace(/\{[^{}]*\}/g, '').replace(/\//g, '').length;
  return { path, ordinal, parts, segments, rank: [literals, chars] };
}

function push<K>(map: Map<K, Template[]>, key: K, t: Template): void {
  const list = map.get(key);
  if (list) list.push(t);
  else map.set(key, [t]);
}

/**
 * The path templates of one method (the operations of a model), indexed so that the questions a handler asks
 * (which other paths does my pattern shadow, which are more precise) look only at the paths that share a literal
 * segment with it: the cost per operation is the size of its most selective bucket, not the number of operations.
 */
export class RouteIndex {
  private readonly all: Template[] = [];
  private readonly byPath = new Map<string, Template>();
  /** By segment count: every template of that length. */
  private readonly byLength = new Map<number, Template[]>();
  /** By `<length> <position> <segment>` (from the start): templates with that literal segment there. */
  private readonly byStart = new Map<string, Template[]>();
  /** By `<position from the end> <segment>`: templates with that literal segment there. */
  private readonly byEnd = new Map<string, Template[]>();

  /** @param paths path templates (duplicates are kept once, at their first position) */
  constructor(paths: Iterable<string>) {
    for (const path of paths) {
      if (this.byPath.has(path)) continue;
      const t = template(path, this.all.length);
      this.all.push(t);
      this.byPath.set(path, t);
      push(this.byLength, t.parts.length, t);
      t.parts.forEach((seg, i) => {
        if (!WHOLE_PARAM.test(seg)) push(this.byStart, `${t.parts.length}\u0000${i}\u0000${seg}`, t);
      });
      t.segments.forEach((seg, i) => {
        if (!seg.includes('{')) push(this.byEnd, `${t.segments.length - i}\u0000${seg}`, t);
      });
    }
  }

  private info(path: string): Template {
    return this.byPath.get(path) ?? template(path, -1);
  }

  /** The smallest of these buckets (a missing bucket is empty), or `fallback` when there is no key. */
  private static smallest(map: Map<string, Template[]>, keys: string[], fallback: readonly Template[]): readonly Template[] {
    let best: readonly Template[] | undefined;
    for (const key of keys) {
      const list = map.get(key) ?? [];
      if (!best || list.length < best.length) best = list;
      if (best.length === 0) break;
    }
    return best ?? fallback;
  }

  /** See {@link shadowedLiterals}; the results keep the order of the indexed paths. */
  shadowed(path: string): Array<{ path: string; pairs: Array<[string, string]> }> {
    const mine = this.info(path).parts;
    const n = mine.length;
    // Every segment of this path that is not a whole parameter must be the same in the other path.
    const keys = mine.flatMap((seg, i) => (WHOLE_PARAM.test(seg) ? [] : [`${n}\u0000${i}\u0000${seg}`]));
    const candidates = RouteIndex.smallest(this.byStart, keys, this.byLength.get(n) ?? []);
    const found: Array<{ t: Template; pairs: Array<[string, string]> }> = [];
    for (const t of candidates) {
      if (t.path === path || t.parts.length !== n) continue;
      const pairs = shadowPairs(mine, t.parts);
      if (pairs && pairs.length > 0) found.push({ t, pairs });
    }
    return found.sort((a, b) => a.t.ordinal - b.t.ordinal).map(({ t, pairs }) => ({ path: t.path, pairs }));
  }

  /** See {@link morePreciseTemplates}. */
  morePrecise(path: string): string[] {
    const mine = this.info(path);
    const m = mine.segments.length;
    // Every literal segment of this path must be the same in the other path, at the same distance from the end.
    const keys = mine.segments.flatMap((seg, i) => (seg.includes('{') ? [] : [`${m - i}\u0000${seg}`]));
    const candidates = RouteIndex.smallest(this.byEnd, keys, this.all);
    const out: string[] = [];
    for (const t of candidates) if (t.path !== path && morePrecise(mine, t)) out.push(t.path);
    return out.sort();
  }
}

/** The `[contract parameter name, literal]` pairs where `theirs` has literals for `mine`'s whole parameters (equal elsewhere), else undefined. */
function shadowPairs(mine: string[], theirs: string[]): Array<[string, string]> | undefined {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < mine.length; i++) {
    const [a, b] = [mine[i] ?? '', theirs[i] ?? ''];
    const pa = WHOLE_PARAM.exec(a)?.[1];
    const pb = WHOLE_PARAM.exec(b)?.[1];
    if (pa !== undefined && pb === undefined && !b.includes('{')) pairs.push([pa, b]);
    else if (pa === undefined && pb === undefined) {
      if (a !== b) return undefined;
    } else if (pa === undefined || pb === undefined) return undefined;
  }
  return pairs;
}

/**
 * Where another operation's literal path is shadowed by this operation's parameters: for each other
 * operation with the same method and segment count whose path has literal segments where this one has
 * whole-segment parameters (and equal literals elsewhere), its path and the `[contract parameter name, literal]` pairs.
 * MSW answers with the first matching handler, so the handler steps aside (`return;`) for those values.
 * (One question; for every operation of a model, build one {@link RouteIndex} and ask it.)
 * @param path this operation's path template, e.g. `/pets/{petId}`
 * @param others the other operations' path templates with the same method, e.g. `/pets/search`
 * @returns e.g. `[{ path: '/pets/search', pairs: [['petId', 'search']] }]`
 */
export function shadowedLiterals(path: string, others: readonly string[]): Array<{ path: string; pairs: Array<[string, string]> }> {
  return new RouteIndex(others).shadowed(path);
}

/**
 * True when `theirs` may match a request segment `mine` matches while keeping `mine`'s literal text: a literal
 * needs the same literal (a parameter there would take the literal as its value: ambiguous, not more precise),
 * a whole parameter takes any non-empty segment, a partial one (`{id}.json`) anything but a whole parameter.
 */
function segmentsMeet(mine: string, theirs: string): boolean {
  if (!mine.includes('{')) return theirs === mine;
  if (WHOLE_PARAM.test(mine)) return theirs !== '';
  return !WHOLE_PARAM.test(theirs);
}

/** True when `theirs` is more precise than `mine` and may match a request `mine` matches (see {@link morePreciseTemplates}). */
function morePrecise(mine: Template, theirs: Template): boolean {
  const [l1, c1] = theirs.rank;
  const [l0, c0] = mine.rank;
  if (l1 < l0 || (l1 === l0 && c1 <= c0)) return false;
  // A shorter template would leave some of this path's segments to the wildcard base: never more precise.
  if (theirs.segments.length < mine.segments.length) return false;
  for (let k = 1; k <= mine.segments.length; k++) {
    if (!segmentsMeet(mine.segments[mine.segments.length - k] ?? '', theirs.segments[theirs.segments.length - k] ?? '')) return false;
  }
  return true;
}

/**
 * The other path templates, as long as this one or longer, that are more precise (more literal segments, then
 * more literal characters), keep its literal segments, and may match a request this one matches when the base
 * is a wildcard (`*` matches any origin and any leading segments, so segments are compared from the end):
 * `/memories/{id}/assets` and `/tags/assets` for `/assets`, `/pets/search` for `/pets/{petId}`. The handler of this path steps aside when one of them matches the request (checked at run
 * time with the handler's base, where an exact base rules most of them out), so a request is answered by the
 * handler of the most precise path; ties answer in handler order.
 * (One question; for every operation of a model, build one {@link RouteIndex} and ask it.)
 * @param path this operation's path template
 * @param others the path templates of the same method
 * @returns the more precise templates, sorted, without duplicates
 */
export function morePreciseTemplates(path: string, others: readonly string[]): string[] {
  return new RouteIndex(others).morePrecise(path);
}

/**
 * The model's URL path templates by method (the path keys without a literal query or fragment, as the client
 * sends them), each method's indexed once per model (memoized on the model: every resource's plan asks it).
 * @param model the API model
 * @returns a {@link RouteIndex} per HTTP method
 */
export function routesOf(model: ApiModel): ReadonlyMap<string, RouteIndex> {
  return memoOnModel(model, 'plugin-mocks.routes', () => {
    const byMethod = new Map<string, string[]>();
    for (const o of model.operations) {
      const path = operationUrl(o).path;
      const list = byMethod.get(o.method);
      if (list) list.push(path);
      else byMethod.set(o.method, [path]);
    }
    return new Map([...byMethod].map(([method, paths]) => [method, new RouteIndex(paths)]));
  });
}

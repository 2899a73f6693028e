import type { DateShapeNode, NamedSchema, SchemaNode } from '@reslayer/core';
import { dateShape } from '@reslayer/core';

/**
 * A sampled `date`/`date-time` value of a layer generated with `dates: 'Date'` (the client types it `Date`): printed
 * as `new Date('…')`. Its JSON form is the sampled string, so canonical texts and hashes of samples stay as they were.
 */
export class DateSample {
  /**
   * @param text the sampled RFC 3339 string
   */
  constructor(readonly text: string) {}

  /** The sampled string (what `JSON.stringify` writes). */
  toJSON(): string {
    return this.text;
  }
}

/** What {@link withDateSamples} reads: the named schemas that hold dates (none: nothing to do), the schemas, and the origins of shared samples. */
export interface DateScope {
  dated?: ReadonlySet<string> | undefined;
  schemas: ReadonlyMap<string, NamedSchema>;
  origins?: WeakMap<object, string> | undefined;
}

/**
 * A copy of a finished sample with a {@link DateSample} for every `date`/`date-time` string the schema's date shape
 * (core's `dateShape`) points at; the value itself when the schema holds no date. A copied object or array keeps
 * the origin (`SampleScope.origins`) of the one it copies, so shared samples still find it.
 * @param value the sample (JSON-like)
 * @param schema its schema
 * @param scope dated schemas, named schemas and origins
 * @returns the value with date samples
 */
export function withDateSamples(value: unknown, schema: SchemaNode, scope: DateScope): unknown {
  if (!scope.dated || scope.dated.size === 0) return value;
  const shape = dateShape(schema, scope.dated);
  return shape ? convert(value, [shape], scope) : value;
}

function expand(shapes: readonly DateShapeNode[], scope: DateScope, out: DateShapeNode[] = [], depth = 0): DateShapeNode[] {
  for (const s of shapes) {
    if (s.kind === 'all') expand(s.shapes, scope, out, depth);
    else if (s.kind === 'ref') {
      const target = scope.schemas.get(s.target);
      const inner = target && scope.dated && depth < 32 ? dateShape(target.schema, scope.dated) : undefined;
      if (inner) expand([inner], scope, out, depth + 1);
    } else out.push(s);
  }
  return out;
}

function convert(value: unknown, shapes: readonly DateShapeNode[], scope: DateScope): unknown {
  const here = expand(shapes, scope);
  if (typeof value === 'string') return here.some((s) => s.kind === 'date' || s.kind === 'date-time') ? new DateSample(value) : value;
  if (value === null || typeof value !== 'object' || value instanceof DateSample) return value;
  let copy: unknown;
  if (Array.isArray(value)) {
    const items = here.flatMap((s) => (s.kind === 'array' ? [s.items] : []));
    if (items.length === 0) return value;
    copy = value.map((item) => convert(item, items, scope));
  } else {
    const objects = here.filter((s): s is Extract<DateShapeNode, { kind: 'object' }> => s.kind === 'object');
    if (objects.length === 0) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const inner = objects.flatMap((o) => {
        const prop = o.properties.find(([name]) => name === key);
        return prop ? [prop[1]] : o.rest ? [o.rest] : [];
      });
      out[key] = inner.length > 0 ? convert(item, inner, scope) : item;
    }
    copy = out;
  }
  const origin = scope.origins?.get(value);
  if (origin !== undefined) scope.origins?.set(copy as object, origin);
  return copy;
}

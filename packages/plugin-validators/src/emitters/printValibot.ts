import { objectKey, stringLiteral } from '@reslayer/core';
import type { Check, PrintContext, VNode, VProperty } from '../plan/vnode.js';

/** valibot 1 actions of the checked string formats (none for `hostname`: `v.domain()` wants a top-level domain, so it rejects `localhost`). */
const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'v.uuid()',
  email: 'v.email()',
  date: 'v.isoDate()',
  'date-time': 'v.isoTimestamp()',
  uri: 'v.url()',
  ipv4: 'v.ipv4()',
  ipv6: 'v.ipv6()',
};

/**
 * Prints a planned schema as a valibot 1 expression (`import * as v from 'valibot'`).
 * @param node the planned schema
 * @param ctx reference prefix and runtime helper names
 * @returns the expression text
 * @see https://valibot.dev/api/
 */
export function printValibot(node: VNode, ctx: PrintContext): string {
  switch (node.kind) {
    case 'string': {
      const actions = [...(node.format && FORMATS[node.format] ? [FORMATS[node.format] as string] : []), ...node.checks.map((c) => action(c, ctx))];
      return pipe('v.string()', actions);
    }
    case 'date':
      return node.decode ? pipe('v.string()', [FORMATS[node.format] as string, 'v.transform((value) => new Date(value))']) : 'v.date()';
    case 'number':
      return pipe('v.number()', [...(node.integer ? ['v.integer()'] : []), ...node.checks.map((c) => action(c, ctx))]);
    case 'boolean':
      return 'v.boolean()';
    case 'null':
      return 'v.null()';
    case 'unknown':
      return 'v.unknown()';
    case 'never':
      return 'v.never()';
    case 'blob':
      return 'v.blob()';
    case 'literal':
      return literal(node.values);
    case 'array':
      return pipe(`v.array(${printValibot(node.items, ctx)})`, node.checks.map((c) => action(c, ctx)));
    case 'tuple': {
      // valibot's tuples have no optional elements: one strict tuple per length the optional elements allow.
      const items = node.elements.map((e) => printValibot(e, ctx));
      const lengths = Array.from({ length: items.length - node.required }, (_, k) => `v.strictTuple([${items.slice(0, node.required + k).join(', ')}])`);
      const full = node.rest ? `v.tupleWithRest([${items.join(', ')}], ${printValibot(node.rest, ctx)})` : `v.strictTuple([${items.join(', ')}])`;
      return pipe(lengths.length === 0 ? full : `v.union([${[...lengths, full].join(', ')}])`, node.checks.map((c) => action(c, ctx)));
    }
    case 'object': {
      const entries = block(node.properties.map((p) => property(p, nested(ctx))), ctx);
      const base = node.rest ? `v.objectWithRest(${entries}, ${printValibot(node.rest, ctx)})` : `${node.strict ? 'v.strictObject' : 'v.looseObject'}(${entries})`;
      return pipe(base, node.checks.map((c) => action(c, ctx)));
    }
    case 'record':
      return pipe(`v.record(v.string(), ${printValibot(node.value, ctx)})`, node.checks.map((c) => action(c, ctx)));
    case 'ref':
      return `v.lazy(() => ${ctx.refPrefix}${node.name})`;
    case 'union':
      return `v.union([${node.variants.map((x) => printValibot(x, ctx)).join(', ')}])`;
    case 'discriminated':
      return `v.variant(${stringLiteral(node.key)}, [${node.variants.map((x) => printValibot(x, ctx)).join(', ')}])`;
    case 'intersection':
      return `v.intersect([${node.members.map((m) => printValibot(m, ctx)).join(', ')}])`;
    case 'nullable':
      return `v.nullable(${printValibot(node.inner, ctx)})`;
  }
}

/** The context one indentation level deeper. */
const nested = (ctx: PrintContext): PrintContext => ({ ...ctx, indent: ctx.indent + 1 });

/** Object entries one per line, indented (`{}` when there are none). */
function block(members: string[], ctx: PrintContext): string {
  if (members.length === 0) return '{}';
  const pad = '  '.repeat(ctx.indent + 1);
  return `{\n${members.map((m) => `${pad}${m},\n`).join('')}${'  '.repeat(ctx.indent)}}`;
}

function pipe(schema: string, actions: string[]): string {
  return actions.length === 0 ? schema : `v.pipe(${schema}, ${actions.join(', ')})`;
}

function property(p: VProperty, ctx: PrintContext): string {
  const schema = printValibot(p.node, ctx);
  return `${objectKey(p.name)}: ${p.required ? schema : `v.exactOptional(${schema})`}`;
}

function literal(values: Array<string | number | boolean>): string {
  const text = values.map((x) => (typeof x === 'string' ? stringLiteral(x) : String(x)));
  if (values.length === 0) return 'v.never()';
  if (values.length === 1) return `v.literal(${text[0]})`;
  if (values.every((x) => typeof x !== 'boolean')) return `v.picklist([${text.join(', ')}])`;
  return `v.union([${text.map((t) => `v.literal(${t})`).join(', ')}])`;
}

function action(c: Check, ctx: PrintContext): string {
  switch (c.kind) {
    case 'minLength':
    case 'minItems':
      return `v.minLength(${c.value})`;
    case 'maxLength':
    case 'maxItems':
      return `v.maxLength(${c.value})`;
    case 'min':
      return `v.minValue(${c.value})`;
    case 'max':
      return `v.maxValue(${c.value})`;
    case 'gt':
      return `v.gtValue(${c.value})`;
    case 'lt':
      return `v.ltValue(${c.value})`;
    case 'multipleOf':
      return Number.isInteger(c.value) ? `v.multipleOf(${c.value})` : `v.check((value) => ${ctx.runtime.multipleOf}(value, ${c.value}), 'not a multiple of ${c.value}')`;
    case 'pattern':
      return `v.regex(new RegExp(${stringLiteral(c.source)}${c.flags ? `, '${c.flags}'` : ''}))`;
    case 'unique':
      return `v.check((value) => ${ctx.runtime.unique}(value), 'items must be unique')`;
    case 'propertyCount':
      return `v.check((value) => ${ctx.runtime.propertyCount}(value, ${c.min}, ${c.max}), 'wrong number of properties')`;
  }
}

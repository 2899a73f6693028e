import { objectKey, stringLiteral } from '@reslayer/core';
import type { Check, PrintContext, VNode, VProperty } from '../plan/vnode.js';

/**
 * zod 4 factories of the checked string formats. uuid is `z.guid()`, any 8-4-4-4-12 hex id, as JSON Schema's format
 * (`z.uuid()` also checks the RFC 9562 version and variant digits, which real ids such as the nil UUID or version-0
 * ids fail).
 */
const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'z.guid()',
  email: 'z.email()',
  date: 'z.iso.date()',
  'date-time': 'z.iso.datetime({ offset: true })',
  uri: 'z.url()',
  ipv4: 'z.ipv4()',
  ipv6: 'z.ipv6()',
  hostname: 'z.hostname()',
};

/**
 * Prints a planned schema as a zod 4 expression (`import * as z from 'zod'`).
 * @param node the planned schema
 * @param ctx reference prefix and runtime helper names
 * @returns the expression text
 * @see https://zod.dev/api
 */
export function printZod(node: VNode, ctx: PrintContext): string {
  switch (node.kind) {
    case 'string':
      return (node.format ? FORMATS[node.format] ?? 'z.string()' : 'z.string()') + node.checks.map(check).join('');
    case 'date':
      return node.decode ? `${FORMATS[node.format]}.transform((value) => new Date(value))` : 'z.date()';
    case 'number':
      // Not `z.int()`: it stops at the safe range, while JSON Schema's integers (int64 ids, 9223372036854776000) go beyond.
      return (node.integer ? "z.number().refine(Number.isInteger, 'expected an integer')" : 'z.number()') + node.checks.map(check).join('');
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'unknown':
      return 'z.unknown()';
    case 'never':
      return 'z.never()';
    case 'blob':
      return "z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, 'expected a Blob')";
    case 'literal':
      return literal(node.values);
    case 'array':
      return `z.array(${printZod(node.items, ctx)})${node.checks.map((c) => (c.kind === 'unique' ? `.refine(${ctx.runtime.unique}, 'items must be unique')` : check(c))).join('')}`;
    case 'tuple': {
      const elements = node.elements.map((e, i) => `${printZod(e, ctx)}${i < node.required ? '' : '.exactOptional()'}`).join(', ');
      const lengths = node.checks.map((c) => (c.kind === 'minItems' ? `.check(z.minLength(${c.value}))` : c.kind === 'maxItems' ? `.check(z.maxLength(${c.value}))` : c.kind === 'unique' ? `.refine(${ctx.runtime.unique}, 'items must be unique')` : ''));
      return `z.tuple([${elements}]${node.rest ? `, ${printZod(node.rest, ctx)}` : ''})${lengths.join('')}`;
    }
    case 'object': {
      const shape = block(node.properties.map((p) => property(p, nested(ctx))), ctx);
      const base = node.rest ? `z.object(${shape}).catchall(${printZod(node.rest, ctx)})` : `${node.strict ? 'z.strictObject' : 'z.looseObject'}(${shape})`;
      return base + counts(node.checks, ctx);
    }
    case 'record':
      return `z.record(z.string(), ${printZod(node.value, ctx)})${counts(node.checks, ctx)}`;
    case 'ref':
      return `z.lazy(() => ${ctx.refPrefix}${node.name})`;
    case 'union':
      return `z.union([${node.variants.map((v) => printZod(v, ctx)).join(', ')}])`;
    case 'discriminated':
      return `z.discriminatedUnion(${stringLiteral(node.key)}, [${node.variants.map((v) => printZod(v, ctx)).join(', ')}])`;
    case 'intersection':
      return node.members.map((m) => printZod(m, ctx)).reduce((left, right) => `z.intersection(${left}, ${right})`);
    case 'nullable':
      return `${printZod(node.inner, ctx)}.nullable()`;
  }
}

function property(p: VProperty, ctx: PrintContext): string {
  return `${objectKey(p.name)}: ${printZod(p.node, ctx)}${p.required ? '' : '.exactOptional()'}`;
}

/** The context one indentation level deeper. */
const nested = (ctx: PrintContext): PrintContext => ({ ...ctx, indent: ctx.indent + 1 });

/** Object members one per line, indented (`{}` when there are none). */
function block(members: string[], ctx: PrintContext): string {
  if (members.length === 0) return '{}';
  const pad = '  '.repeat(ctx.indent + 1);
  return `{\n${members.map((m) => `${pad}${m},\n`).join('')}${'  '.repeat(ctx.indent)}}`;
}

function literal(values: Array<string | number | boolean>): string {
  const text = values.map((v) => (typeof v === 'string' ? stringLiteral(v) : String(v)));
  if (values.length === 0) return 'z.never()';
  if (values.length === 1) return `z.literal(${text[0]})`;
  if (values.every((v) => typeof v === 'string')) return `z.enum([${text.join(', ')}])`;
  return `z.literal([${text.join(', ')}])`;
}

function counts(checks: Check[], ctx: PrintContext): string {
  return checks
    .map((c) => (c.kind === 'propertyCount' ? `.refine((value) => ${ctx.runtime.propertyCount}(value, ${c.min}, ${c.max}), 'wrong number of properties')` : ''))
    .join('');
}

function check(c: Check): string {
  switch (c.kind) {
    case 'minLength':
    case 'minItems':
      return `.min(${c.value})`;
    case 'maxLength':
    case 'maxItems':
      return `.max(${c.value})`;
    case 'min':
      return `.gte(${c.value})`;
    case 'max':
      return `.lte(${c.value})`;
    case 'gt':
      return `.gt(${c.value})`;
    case 'lt':
      return `.lt(${c.value})`;
    case 'multipleOf':
      return `.multipleOf(${c.value})`;
    case 'pattern':
      return `.regex(new RegExp(${stringLiteral(c.source)}${c.flags ? `, '${c.flags}'` : ''}))`;
    case 'unique':
    case 'propertyCount':
      return '';
  }
}

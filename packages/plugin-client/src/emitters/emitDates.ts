import type { ApiModel, DateShapeNode, OperationSignature, SchemaTypeNames } from '@reslayer/core';
import { banner, dateShape, datedSchemas, isJsonMediaType, objectKey } from '@reslayer/core';
import { CLIENT_ROOT } from '../naming.js';

/** `shared/api/generated/components.dates.ts`: where the named schemas' date shapes are (config `dates: 'Date'`). */
export const datesFile = (): string => `${CLIENT_ROOT}/components.dates.ts`;

/** Namespace a client file imports {@link datesFile} under (`$` keeps it apart from every contract name). */
export const DATES_NAMESPACE = '$dates';

/**
 * Constant of a named schema's date shape in {@link datesFile}: `Contact` → `ContactDates`.
 * @param typeName the schema's type name
 */
const dateShapeConst = (typeName: string): string => `${typeName}Dates`;

/**
 * Prints a date shape as the runtime's `DateShape` literal (`'date-time'`, `{ p: { … } }`, `{ i: … }`, `{ r: … }`,
 * `{ a: [ … ] }`, and `() => XDates` for a named schema, so recursive schemas stay finite).
 * @param node the shape
 * @param names the naming table (type names of `$ref` targets)
 * @param refPrefix prefix of the named shapes (`$dates.` in a client file, `''` in {@link datesFile})
 * @returns the literal text
 */
function printDateShape(node: DateShapeNode, names: SchemaTypeNames, refPrefix: string): string {
  const print = (n: DateShapeNode) => printDateShape(n, names, refPrefix);
  switch (node.kind) {
    case 'date':
    case 'date-time':
      return `'${node.kind}'`;
    case 'ref':
      return `() => ${refPrefix}${dateShapeConst(names.typeName(node.target, 'read'))}`;
    case 'array':
      return `{ i: ${print(node.items)} }`;
    case 'all':
      return `{ a: [${node.shapes.map(print).join(', ')}] }`;
    case 'object': {
      const parts: string[] = [];
      if (node.properties.length > 0) parts.push(`p: { ${node.properties.map(([name, shape]) => `${objectKey(name)}: ${print(shape)}`).join(', ')} }`);
      if (node.rest) parts.push(`r: ${print(node.rest)}`);
      return `{ ${parts.join(', ')} }`;
    }
  }
}

/**
 * Emits {@link datesFile}: one `DateShape` constant per named schema that holds a date string, or nothing
 * when the model has no `dates: 'Date'` or no such schema.
 * @param model the API model
 * @param names the naming table
 * @param runtimeModule module specifier of the runtime package
 * @returns the file contents, or undefined
 */
export function emitComponentDates(model: ApiModel, names: SchemaTypeNames, runtimeModule: string): string | undefined {
  const dated = datedSchemas(model);
  if (dated.size === 0) return undefined;
  const out = [banner(), `import type { DateShape as $DateShape } from '${runtimeModule}';`, ''];
  for (const s of model.schemas) {
    const shape = dated.has(s.name) ? dateShape(s.schema, dated) : undefined;
    if (!shape) continue;
    out.push(`/** Where {@link ${s.typeName}} holds \`date\`/\`date-time\` values (read as \`Date\`, sent as strings). */`);
    out.push(`export const ${dateShapeConst(s.typeName)}: $DateShape = ${printDateShape(shape, names, '')};`, '');
  }
  return out.join('\n');
}

/**
 * The `dates` member of an operation's request spec (the runtime's `DateSpec`): the date shapes of its JSON
 * success and error bodies, its request body and its query, header and cookie parameters.
 * @param model the API model (undefined result unless it has `dates: 'Date'`)
 * @param s the operation signature
 * @param names the naming table
 * @returns the literal text, or undefined when the operation holds no date
 */
export function operationDates(model: ApiModel, s: OperationSignature, names: SchemaTypeNames): string | undefined {
  if (model.dates !== 'Date') return undefined;
  const dated = datedSchemas(model);
  const shapeOf = (nodes: ReadonlyArray<Parameters<typeof dateShape>[0] | undefined>): string | undefined => {
    const shapes = nodes.flatMap((n) => (n ? (dateShape(n, dated) ?? []) : []));
    if (shapes.length === 0) return undefined;
    return printDateShape(shapes.length === 1 ? (shapes[0] as DateShapeNode) : { kind: 'all', shapes }, names, `${DATES_NAMESPACE}.`);
  };
  const parts: string[] = [];
  const add = (key: string, text: string | undefined) => {
    if (text) parts.push(`${key}: ${text}`);
  };
  if (s.response.responseType === 'json') add('response', shapeOf(s.response.responses.map((r) => r.contents[0]?.schema)));
  add('error', shapeOf(s.errors.flatMap((r) => r.contents.filter((c) => isJsonMediaType(c.mediaType)).map((c) => c.schema))));
  add('body', shapeOf([s.payload?.content.schema]));
  for (const [location, key] of [['query', 'query'], ['header', 'headers'], ['cookie', 'cookies']] as const) {
    const props = s.params.filter((p) => p.param.in === location).flatMap((p) => {
      const shape = dateShape(p.param.schema, dated);
      return shape ? [[p.param.name, shape] as [string, DateShapeNode]] : [];
    });
    if (props.length > 0) add(key, printDateShape({ kind: 'object', properties: props }, names, `${DATES_NAMESPACE}.`));
  }
  return parts.length > 0 ? `{ ${parts.join(', ')} }` : undefined;
}

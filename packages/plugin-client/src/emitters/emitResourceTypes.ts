import type { OperationSignature, ResourceNode, SchemaTypeNames } from '@reslayer/core';
import { banner, commentLines, docComment, importPath, isJsonMediaType, printType, propertyKey } from '@reslayer/core';
import { clientNaming } from '../naming.js';
import { streamContent, streamTypes } from './eventStream.js';

/**
 * Emits `<resource>.types.ts`: for each operation its params, payload, response and error types.
 * @param resource the resource
 * @param signatures the resource's operation signatures
 * @param names the schema naming table
 * @param runtimeModule module specifier of the runtime package
 * @returns the file contents
 */
export function emitResourceTypes(
  resource: ResourceNode,
  signatures: OperationSignature[],
  names: SchemaTypeNames,
  runtimeModule: string,
): string {
  const ns = clientNaming.schemasNamespace;
  const read = { mode: 'read' as const, names, refPrefix: `${ns}.` };
  const write = { mode: 'write' as const, names, refPrefix: `${ns}.` };
  const body: string[] = [];
  for (const s of signatures) {
    const where = `\`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\``;
    if (s.params.length > 0) {
      body.push(`/** Query, header and cookie parameters of \`${clientNaming.method(s.op)}\` (${where}). */`);
      body.push(`export interface ${clientNaming.paramsType(s.op)} {`);
      for (const p of s.params) {
        const doc = docComment({ description: p.param.description ?? p.param.schema.description, deprecated: p.param.deprecated ?? false }, 1);
        if (doc) body.push(doc);
        body.push(`  ${propertyKey(p.key)}${p.param.required ? '' : '?'}: ${printType(p.param.schema, { ...write, indent: 1 })};`);
      }
      body.push('}', '');
    }
    if (s.payload) {
      const kind = s.payload.bodyKind;
      const schema = s.payload.content.schema;
      const type = schema ? printType(schema, write) : kind === 'binary' ? 'Blob' : kind === 'text' ? 'string' : 'unknown';
      body.push(`/** Request body of \`${clientNaming.method(s.op)}\` (\`${commentLines(s.payload.content.mediaType, 100).join(' ')}\`). */`);
      body.push(`export type ${clientNaming.payloadType(s.op)} = ${kind === 'binary' && type === 'string' ? 'Blob' : type};`, '');
    }
    body.push(`/** Success response body of \`${clientNaming.method(s.op)}\`. */`);
    body.push(`export type ${clientNaming.responseType(s.op)} = ${responseTypeText(s, read)};`, '');
    const stream = streamContent(s);
    if (stream) {
      const media = commentLines(stream.content.mediaType, 100).join(' ');
      const schema = stream.items ? stream.content.itemSchema : stream.content.schema;
      body.push(
        stream.items
          ? `/** One item of the \`${media}\` stream of \`${clientNaming.method(s.op)}\` (its \`itemSchema\`; not validated). */`
          : `/** Data of one event of the \`text/event-stream\` response of \`${clientNaming.method(s.op)}\` (parsed as JSON; not validated). */`,
      );
      body.push(`export type ${streamTypes(s, stream).item} = ${schema ? printType(schema, read) : 'unknown'};`, '');
    }
    // Only JSON error media types: the runtime parses nothing else, so any other body arrives as text.
    const errorTypes = [...new Set(s.errors.flatMap((r) => r.contents.filter((c) => c.schema && isJsonMediaType(c.mediaType)).map((c) => printType(c.schema!, read))))];
    body.push(`/** Body of an error response of \`${clientNaming.method(s.op)}\` read as JSON (narrow with \`error.isJson()\`). */`);
    body.push(`export type ${clientNaming.errorBodyType(s.op)} = ${errorTypes.length ? errorTypes.join(' | ') : 'unknown'};`);
    body.push(`/** Error thrown by \`${clientNaming.method(s.op)}\` for a non-2xx response: \`body\` is the JSON body only after \`isJson()\`, else text or undefined. */`);
    body.push(`export type ${clientNaming.errorType(s.op)} = ApiError<${clientNaming.errorBodyType(s.op)}>;`, '');
  }
  const entity = entityAlias(resource, signatures, names, read);
  if (entity) body.unshift(`/** The \`${resource.entity}\` entity, as the API returns it. */`, `export type ${clientNaming.entityType(resource)} = ${entity};`, '');
  const text = body.join('\n');
  const head = [banner(), `import type { ApiError } from '${runtimeModule}';`];
  if (text.includes(`${ns}.`)) head.push(`import type * as ${ns} from '${importPath(clientNaming.typesFile(resource), clientNaming.componentsFile())}';`);
  return `${head.join('\n')}\n\n${text}`;
}

/** The type the resource's read operation returns, when it is a named schema and the entity name is free. */
function entityAlias(resource: ResourceNode, signatures: OperationSignature[], names: SchemaTypeNames, read: Parameters<typeof printType>[1]): string | undefined {
  const readOp = signatures.find((s) => s.op.role === 'read');
  const schema = readOp?.response.content?.schema;
  if (!readOp || schema?.kind !== 'ref' || readOp.response.responseType !== 'json') return undefined;
  const taken = new Set(
    signatures.flatMap((s) => [clientNaming.paramsType(s.op), clientNaming.payloadType(s.op), clientNaming.responseType(s.op), clientNaming.eventType(s.op), clientNaming.streamItemType(s.op), clientNaming.errorBodyType(s.op), clientNaming.errorType(s.op)]),
  );
  const alias = clientNaming.entityType(resource);
  if (taken.has(alias)) return undefined;
  return printType({ ...schema, nullable: false }, read);
}

function responseTypeText(s: OperationSignature, read: Parameters<typeof printType>[1]): string {
  switch (s.response.responseType) {
    case 'none':
      return 'void';
    case 'blob':
      return 'Blob';
    case 'text':
      return 'string';
    case 'json': {
      const types = s.response.responses.flatMap((r) => {
        const c = r.contents[0];
        return c ? [c.schema ? printType(c.schema, read) : 'unknown'] : [];
      });
      return [...new Set(types)].join(' | ') || 'unknown';
    }
  }
}


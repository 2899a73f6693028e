import type { ApiModel, OperationSignature, ResourceNode } from '@reslayer/core';
import { banner, commentLines, createWriter, getSchemaTypeNames, importPath, objectKey, stringLiteral } from '@reslayer/core';
import { CLIENT_MEMBERS, clientNaming } from '../naming.js';
import { DATES_NAMESPACE, datesFile, operationDates } from './emitDates.js';
import { streamContent, streamMethodNames, streamTypes, type StreamType } from './eventStream.js';

/**
 * The parameter of `<resource>Methods`: no argument can take it (argument identifiers are camelCase words,
 * so they never start with `_` and a letter).
 */
const CLIENT_PARAM = '_client';

/**
 * Emits `<resource>.client.ts`: a private `<resource>Methods(client)` building one fetch-based method per
 * operation on a runtime `Client`, and the exported `<resource>Client`: those methods on the default client
 * (`configureClient`) plus `with(client)`, which returns them on another instance (`createClient`). No method
 * can take the name `with`: it is a reserved word, which operation names never are (core's `RESERVED_WORDS`).
 * @param model the API model
 * @param resource the resource
 * @param signatures the resource's operation signatures
 * @param runtimeModule module specifier of the runtime package
 * @returns the file contents
 * @throws Error when an operation's method is named like the binding member `with` (a core naming defect)
 */
export function emitResourceClient(model: ApiModel, resource: ResourceNode, signatures: OperationSignature[], runtimeModule: string): string {
  const taken = signatures.find((s) => CLIENT_MEMBERS.has(clientNaming.method(s.op)));
  if (taken) throw new Error(`plugin-client: operation method "${clientNaming.method(taken.op)}" would shadow the client member of that name`);
  const w = createWriter();
  w.write(banner());
  const streams = streamMethodNames(signatures);
  const eventStream = signatures.some((s) => streamContent(s)?.items === false) ? ', type EventStream' : '';
  w.writeLine(`import { defaultClient, type CallOptions, type CallResult, type Client${eventStream}, type RequestOptions } from '${runtimeModule}';`);
  const types = new Set<string>();
  for (const s of signatures) {
    if (s.params.length > 0) types.add(clientNaming.paramsType(s.op));
    if (s.payload) types.add(clientNaming.payloadType(s.op));
    types.add(clientNaming.responseType(s.op));
    const stream = streamContent(s);
    if (stream) types.add(streamTypes(s, stream).item);
  }
  w.writeLine(`import type { ${[...types].sort().join(', ')} } from './${resource.resource}.types.js';`);
  // `dates: 'Date'`: where each operation's values hold dates (see `emitDates.ts`).
  const dates = signatures.map((s) => operationDates(model, s, getSchemaTypeNames(model)));
  if (dates.some((d) => d?.includes(`${DATES_NAMESPACE}.`))) w.writeLine(`import * as ${DATES_NAMESPACE} from '${importPath(clientNaming.clientFile(resource), datesFile())}';`);
  w.blankLine();
  const methods = clientNaming.methodsFactory(resource);
  w.writeLine(`/** The methods of the \`${resource.resource}\` resource, sending through \`${CLIENT_PARAM}\`. */`);
  w.write(`const ${methods} = (${CLIENT_PARAM}: Client) => (`).inlineBlock(() => {
    signatures.forEach((s, i) => {
      if (i > 0) w.blankLine();
      writeMethod(w, s, dates[i]);
      const name = streams.get(s.op.operationKey);
      const stream = streamContent(s);
      if (name !== undefined && stream) {
        w.blankLine();
        writeMethod(w, s, dates[i], { name, type: streamTypes(s, stream).result, accept: stream.content.mediaType, responseType: stream.responseType });
      }
    });
  });
  w.write(');').newLine();
  w.blankLine();
  w.writeLine(`/**`);
  w.writeLine(` * Typed client of the \`${resource.resource}\` resource. Its methods send through the default client: set the`);
  w.writeLine(` * base URL, headers, auth and interceptors once with \`configureClient\` from \`${runtimeModule}\`;`);
  w.writeLine(` * \`${clientNaming.clientObject(resource)}.with(client)\` gives the same methods on an instance made with \`createClient\`.`);
  w.writeLine(` * Every method resolves to the data, or to \`{ data, response, fileName }\` with \`{ raw: true }\`, and`);
  w.writeLine(` * throws an \`ApiError\` (status and body: parsed JSON after \`isJson()\`, else text) for a non-2xx response.`);
  w.writeLine(` */`);
  w.write(`export const ${clientNaming.clientObject(resource)} = `).inlineBlock(() => {
    w.writeLine(`...${methods}(defaultClient),`);
    w.writeLine(`/** The same methods, sending through \`client\` (made with \`createClient\`) instead of the default client. */`);
    w.writeLine(`with: ${methods},`);
  });
  w.write(';').newLine();
  return w.toString();
}

/** What the stream method of an operation changes: its name, result type, `Accept` and response type. */
interface StreamVariant {
  name: string;
  type: string;
  accept: string;
  responseType: StreamType;
}

function writeMethod(w: ReturnType<typeof createWriter>, s: OperationSignature, dates: string | undefined, stream?: StreamVariant): void {
  const summary = s.node.summary ?? s.node.description;
  w.writeLine('/**');
  if (summary) {
    for (const line of commentLines(summary, 500)) w.writeLine(` *${line ? ` ${line}` : ''}`);
    w.writeLine(' *');
  }
  if (stream) {
    const what = stream.responseType === 'sse' ? 'events' : 'items';
    w.writeLine(` * The \`${commentLines(stream.accept, 100).join(' ')}\` response of \`${clientNaming.method(s.op)}\`: resolves when the response starts, to the`);
    w.writeLine(` * ${what} as they arrive (\`for await\`); aborting \`options.signal\` ends the stream.`);
    w.writeLine(' *');
  }
  w.writeLine(` * \`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\``);
  if (s.node.deprecated) w.writeLine(' * @deprecated');
  w.writeLine(` * @throws ${clientNaming.errorType(s.op)} for a non-2xx response`);
  w.writeLine(' */');
  const responseType = stream?.type ?? clientNaming.responseType(s.op);
  const args = [...clientNaming.argumentList(s).map((d) => d.text), 'options?: O'].join(', ');
  w.write(`${stream?.name ?? clientNaming.method(s.op)}<O extends CallOptions = RequestOptions>(${args}): Promise<CallResult<${responseType}, O>> `).inlineBlock(() => {
    w.write(`return ${CLIENT_PARAM}.request<${responseType}, O>(`).inlineBlock(() => {
        w.writeLine(`method: '${s.node.method.toUpperCase()}',`);
        w.writeLine(`path: ${stringLiteral(s.node.path)},`);
        if (s.pathArgs.length > 0) {
          w.writeLine(`pathParams: { ${s.pathArgs.map((a) => `${objectKey(a.param.name)}: ${a.ident}`).join(', ')} },`);
          const styled = s.pathArgs.filter((a) => a.param.style !== 'simple' || a.param.explode);
          if (styled.length > 0) w.writeLine(`pathStyles: { ${styled.map((a) => `${objectKey(a.param.name)}: ${styleLiteral(a.param)}`).join(', ')} },`);
        }
        for (const location of ['query', 'header', 'cookie'] as const) {
          const members = s.params.filter((p) => p.param.in === location);
          if (members.length === 0) continue;
          const field = location === 'query' ? 'query' : location === 'header' ? 'headers' : 'cookies';
          w.writeLine(`${field}: { ${members.map((m) => `${objectKey(m.param.name)}: ${m.access}`).join(', ')} },`);
          if (location === 'query') {
            const styled = members.filter((m) => m.param.style !== 'form' || !m.param.explode);
            if (styled.length > 0) w.writeLine(`queryStyles: { ${styled.map((m) => `${objectKey(m.param.name)}: ${styleLiteral(m.param)}`).join(', ')} },`);
          }
        }
        if (s.payload) {
          w.writeLine('body: payload,');
          w.writeLine(`bodyType: '${s.payload.bodyKind}',`);
          // JSON under a wildcard (`*/*`) is sent as `application/json`, the runtime's default: a wildcard is no Content-Type.
          const wildcardJson = s.payload.bodyKind === 'json' && s.payload.content.mediaType.includes('*');
          if (s.payload.bodyKind !== 'multipart' && !wildcardJson) w.writeLine(`mediaType: ${stringLiteral(s.payload.content.mediaType)},`);
        }
        const accept = stream?.accept ?? acceptHeader(s);
        if (accept) w.writeLine(`accept: ${stringLiteral(accept)},`);
        w.writeLine(`responseType: '${stream?.responseType ?? s.response.responseType}',`);
        if (dates) w.writeLine(`dates: ${dates},`);
    });
    w.write(', options);').newLine();
  });
  w.write(',').newLine();
}

/**
 * The `Accept` value of a request: the success media type the client reads, then the media types of
 * the error responses at a lower quality, so a content-negotiating server still sends error bodies.
 */
function acceptHeader(s: OperationSignature): string | undefined {
  if (!s.response.content || s.response.responseType === 'none') return undefined;
  const first = s.response.content.mediaType;
  const others = [...new Set(s.errors.flatMap((r) => r.contents.map((c) => c.mediaType)))].filter((m) => m !== first).sort();
  return [first, ...others.map((m) => `${m};q=0.9`)].join(', ');
}

function styleLiteral(p: { style: string; explode: boolean }): string {
  return `{ style: ${stringLiteral(p.style)}, explode: ${p.explode} }`;
}

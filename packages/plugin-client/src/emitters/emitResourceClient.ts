import type { ApiModel, OperationSignature, ResourceNode } from '@reslayer/core';
import { banner, commentLines, createWriter, getSchemaTypeNames, importPath, objectKey, stringLiteral } from '@reslayer/core';
import { clientNaming } from '../naming.js';
import { DATES_NAMESPACE, datesFile, operationDates } from './emitDates.js';

/**
 * Emits `<resource>.client.ts`: the `<resource>Client` object with one fetch-based method per operation.
 * @param model the API model
 * @param resource the resource
 * @param signatures the resource's operation signatures
 * @param runtimeModule module specifier of the runtime package
 * @returns the file contents
 */
export function emitResourceClient(model: ApiModel, resource: ResourceNode, signatures: OperationSignature[], runtimeModule: string): string {
  const w = createWriter();
  w.write(banner(model.meta));
  w.writeLine(`import { request, type RequestOptions } from '${runtimeModule}';`);
  const types = new Set<string>();
  for (const s of signatures) {
    if (s.params.length > 0) types.add(clientNaming.paramsType(s.op));
    if (s.payload) types.add(clientNaming.payloadType(s.op));
    types.add(clientNaming.responseType(s.op));
  }
  w.writeLine(`import type { ${[...types].sort().join(', ')} } from './${resource.resource}.types.js';`);
  // `dates: 'Date'`: where each operation's values hold dates (see `emitDates.ts`).
  const dates = signatures.map((s) => operationDates(model, s, getSchemaTypeNames(model)));
  if (dates.some((d) => d?.includes(`${DATES_NAMESPACE}.`))) w.writeLine(`import * as ${DATES_NAMESPACE} from '${importPath(clientNaming.clientFile(resource), datesFile())}';`);
  w.blankLine();
  w.writeLine(`/**`);
  w.writeLine(` * Typed client of the \`${resource.resource}\` resource. Set the base URL, headers and auth once`);
  w.writeLine(` * for the whole layer with \`configureClient\` from \`${runtimeModule}\`. Every method throws an`);
  w.writeLine(` * \`ApiError\` (status and body: parsed JSON after \`isJson()\`, else text) for a non-2xx response.`);
  w.writeLine(` */`);
  w.write(`export const ${clientNaming.clientObject(resource)} = `).inlineBlock(() => {
    signatures.forEach((s, i) => {
      if (i > 0) w.blankLine();
      writeMethod(w, s, dates[i]);
    });
  });
  w.write(';').newLine();
  return w.toString();
}

function writeMethod(w: ReturnType<typeof createWriter>, s: OperationSignature, dates: string | undefined): void {
  const summary = s.node.summary ?? s.node.description;
  w.writeLine('/**');
  if (summary) {
    for (const line of commentLines(summary, 500)) w.writeLine(` *${line ? ` ${line}` : ''}`);
    w.writeLine(' *');
  }
  w.writeLine(` * \`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\``);
  if (s.node.deprecated) w.writeLine(' * @deprecated');
  w.writeLine(` * @throws ${clientNaming.errorType(s.op)} for a non-2xx response`);
  w.writeLine(' */');
  const responseType = clientNaming.responseType(s.op);
  const args = [...clientNaming.argumentList(s).map((d) => d.text), 'options?: RequestOptions'].join(', ');
  w.write(`${clientNaming.method(s.op)}(${args}): Promise<${responseType}> `).inlineBlock(() => {
    w.write(`return request<${responseType}>(`).inlineBlock(() => {
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
          if (s.payload.bodyKind !== 'multipart') w.writeLine(`mediaType: ${stringLiteral(s.payload.content.mediaType)},`);
        }
        const accept = acceptHeader(s);
        if (accept) w.writeLine(`accept: ${stringLiteral(accept)},`);
        w.writeLine(`responseType: '${s.response.responseType}',`);
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

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';

/** Options of {@link loadContract}. */
export interface LoadContractOptions {
  /** Allow `$ref`s to `http:`/`https:` URLs to be fetched. Off by default: such a ref is an error. @default false */
  allowRemoteRefs?: boolean;
}

/** A loaded contract: one self-contained document whose `$ref`s are all internal (`#/…`). */
export interface LoadedContract {
  /** Absolute path of the entry file. */
  file: string;
  /** The bundled OpenAPI 3.x document (Swagger 2.0 input is upgraded first). */
  document: OpenAPIObject;
  /** Notices raised while loading (e.g. a Swagger 2.0 upgrade). */
  notices: Diagnostic[];
  /**
   * Every file the load read: the entry file first, then each file the `$ref` bundler read (absolute
   * paths; a remote ref fetched under `allowRemoteRefs` is listed by its URL).
   */
  files: string[];
}

/**
 * Parses YAML or JSON text into a value, with line and column on syntax errors.
 *
 * @param text file contents
 * @param file file name, used in messages
 * @returns the parsed value
 * @throws GeneratorError `RSL_INPUT_SYNTAX` naming `file:line:column`
 */
export function parseDocumentText(text: string, file: string): unknown {
  const isJson = /\.json$/i.test(file) || /^\s*[{[]/.test(text);
  if (isJson) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (/\.json$/i.test(file)) throw jsonSyntaxError(error, text, file);
      // Not JSON after all: fall through to YAML, which is a superset.
    }
  }
  try {
    return yaml.load(text, { filename: file, json: true });
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    const location = mark ? `${mark.line + 1}:${mark.column + 1}` : undefined;
    throw new GeneratorError('RSL_INPUT_SYNTAX', `${file}${location ? `:${location}` : ''}: invalid YAML: ${reason}`, {
      file,
      ...(location ? { location } : {}),
      hint: 'Fix the syntax error at the given line and column.',
      cause: error,
    });
  }
}

function jsonSyntaxError(error: unknown, text: string, file: string): GeneratorError {
  const message = (error as Error).message;
  let location: string | undefined;
  const lc = /line (\d+) column (\d+)/.exec(message);
  const pos = /position (\d+)/.exec(message);
  if (lc) location = `${lc[1]}:${lc[2]}`;
  else if (pos) {
    const offset = Number(pos[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    location = `${line}:${column}`;
  }
  return new GeneratorError('RSL_INPUT_SYNTAX', `${file}${location ? `:${location}` : ''}: invalid JSON: ${message}`, {
    file,
    ...(location ? { location } : {}),
    hint: 'Fix the syntax error at the given line and column.',
    cause: error,
  });
}

/** True when a `$ref` anywhere in the parsed document points outside it (not `#…`): then the bundler runs. */
function hasExternalRef(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasExternalRef);
  // A parsed document's objects are plain: `for…in` visits their own keys without building an entries array.
  const record = node as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'string') {
      if (key === '$ref' && !value.startsWith('#')) return true;
    } else if (hasExternalRef(value)) return true;
  }
  return false;
}

/**
 * Loads an OpenAPI 3.0.x/3.1.x (or Swagger 2.0, upgraded) contract from a YAML or JSON file and
 * bundles `$ref`s to relative files into one document whose refs are all internal.
 *
 * @param file path of the entry file (absolute, or relative to the working directory)
 * @param options see {@link LoadContractOptions}
 * @returns the bundled document and loading notices
 * @throws GeneratorError `RSL_INPUT_NOT_FOUND`, `RSL_INPUT_EMPTY`, `RSL_INPUT_SYNTAX`, `RSL_NOT_OPENAPI`,
 *   `RSL_UNSUPPORTED_VERSION` or `RSL_REF_UNRESOLVED`, each naming the file
 * @see https://spec.openapis.org/oas/v3.1.0#relative-references-in-uris
 */
export async function loadContract(file: string, options: LoadContractOptions = {}): Promise<LoadedContract> {
  const absolute = path.resolve(file);
  let bytes: Buffer;
  try {
    // A folder, a FIFO or a device is not read (reading a FIFO would wait forever).
    if (!statSync(absolute).isFile()) throw new Error('not a regular file');
    bytes = readFileSync(absolute);
  } catch (error) {
    throw new GeneratorError('RSL_INPUT_NOT_FOUND', `${file}: cannot read the contract (${(error as Error).message})`, {
      file,
      hint: 'Check the path given as input (relative paths in a config resolve from the config file).',
      cause: error,
    });
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') {
    throw new GeneratorError('RSL_INPUT_EMPTY', `${file}: the contract file is empty`, { file });
  }
  let root = parseDocumentText(text, file);
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new GeneratorError('RSL_NOT_OPENAPI', `${file}: the document root is not an object, so it is not an OpenAPI document`, {
      file,
      location: '#',
    });
  }
  const notices: Diagnostic[] = [];
  const doc = root as Record<string, unknown>;
  if (typeof doc['swagger'] === 'string' || typeof doc['swagger'] === 'number') {
    const { upgradeSwagger2 } = await import('./upgradeSwagger2.js');
    root = await upgradeSwagger2(doc, file);
    notices.push({
      code: 'RSL_SWAGGER2_UPGRADED',
      severity: 'info',
      message: `Swagger ${String(doc['swagger'])} document upgraded to OpenAPI 3.0 with swagger2openapi before generation`,
      location: '#/swagger',
      hint: 'Convert the contract to OpenAPI 3 once and commit the result to skip this step.',
    });
  } else {
    // An unquoted `openapi: 3.1` in YAML is a number; read it as the version it clearly means.
    if (typeof doc['openapi'] === 'number') doc['openapi'] = String(doc['openapi']);
    const version = doc['openapi'];
    if (typeof version !== 'string') {
      throw new GeneratorError('RSL_NOT_OPENAPI', `${file}: no "openapi" version field at the root, so it is not an OpenAPI document`, {
        file,
        location: '#/openapi',
        hint: 'An OpenAPI 3 document starts with e.g. `openapi: 3.1.0`.',
      });
    }
    if (!/^3\.[01](\.\d+)?(-.+)?$/.test(version)) {
      throw new GeneratorError('RSL_UNSUPPORTED_VERSION', `${file}: OpenAPI version ${version} is not supported (3.0.x and 3.1.x are)`, {
        file,
        location: '#/openapi',
      });
    }
  }
  let document = root as Record<string, unknown>;
  const files = [absolute];
  if (hasExternalRef(document)) {
    const bundled = await bundleExternalRefs(document, absolute, options);
    document = bundled.document;
    for (const f of bundled.files) if (!files.includes(f)) files.push(f);
  }
  return { file: absolute, document: document as unknown as OpenAPIObject, notices, files };
}

async function bundleExternalRefs(
  document: Record<string, unknown>,
  absolute: string,
  options: LoadContractOptions,
): Promise<{ document: Record<string, unknown>; files: string[] }> {
  const { default: $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const anyText = {
    order: 1000,
    allowEmpty: true,
    canParse: true,
    parse: (info: { data: Buffer | string }) => (typeof info.data === 'string' ? info.data : info.data.toString('utf8')),
  };
  try {
    const parser = new $RefParser();
    // Work on a copy: the bundler rewrites refs in place.
    const copy = structuredClone(document);
    const bundled: unknown = await parser.bundle(absolute, copy as never, {
      resolve: { http: options.allowRemoteRefs === true ? {} : false, external: true },
      parse: {
        yaml: { order: 100 },
        json: { order: 50 },
        text: anyText,
        binary: false,
      },
      continueOnError: false,
    } as never);
    const read = parser.$refs.paths() as string[];
    rebaseRootRefs(bundled, absolute, read.filter((f) => !/^[a-z][a-z0-9+.-]+:/i.test(f)));
    return { document: bundled as Record<string, unknown>, files: read };
  } catch (error) {
    const message = (error as Error).message;
    const remote = /https?:/.test(message) && options.allowRemoteRefs !== true;
    throw new GeneratorError(
      'RSL_REF_UNRESOLVED',
      `${absolute}: ${remote ? 'a remote $ref is not fetched unless the config sets allowRemoteRefs: ' : 'cannot resolve a $ref: '}${message}`,
      {
        file: absolute,
        hint: remote ? 'Set `allowRemoteRefs: true` in generator.config.ts to fetch remote refs.' : 'Check the path of the referenced file.',
        cause: error,
      },
    );
  }
}

/**
 * The bundler leaves a `$ref` from another file back into the entry file (`../openapi.yaml#/components/x`)
 * as a relative file ref; it points into the bundled document itself, so it becomes the internal `#/components/x`.
 * @param node the bundled document (changed in place)
 * @param root absolute path of the entry file
 * @param files absolute paths of every file the bundler read
 */
function rebaseRootRefs(node: unknown, root: string, files: string[]): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) rebaseRootRefs(item, root, files);
    return;
  }
  const record = node as Record<string, unknown>;
  const ref = record['$ref'];
  if (typeof ref === 'string' && !ref.startsWith('#') && !/^[a-z][a-z0-9+.-]+:/i.test(ref)) {
    const hashAt = ref.indexOf('#');
    const file = hashAt < 0 ? ref : ref.slice(0, hashAt);
    let decoded = file;
    try {
      decoded = decodeURI(file);
    } catch {
      // keep as written
    }
    if (files.some((from) => path.resolve(path.dirname(from), decoded) === root)) record['$ref'] = hashAt < 0 ? '#' : ref.slice(hashAt);
  }
  for (const value of Object.values(record)) rebaseRootRefs(value, root, files);
}

/**
 * Resolves an internal `$ref` (`#/a/b~1c`) against a document.
 *
 * @param document the bundled document
 * @param ref a ref starting with `#`
 * @returns the target value, or `undefined` when the pointer leads nowhere
 * @see https://www.rfc-editor.org/rfc/rfc6901
 */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const body = ref.slice(1);
  if (body === '') return document;
  if (!body.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of body.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Escapes one JSON pointer token (`~` → `~0`, `/` → `~1`).
 * @param token raw key
 */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

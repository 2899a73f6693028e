import path from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import { checkDocumentLimits } from './documentLimits.js';
import { DEFAULT_MAX_INPUT_SIZE, NotRegularFileError, readRegularFile, sha256Of } from './inputFiles.js';
import { decodeContract, parseContractText } from './parseText.js';
import { dropExtensionFileRefs, refReading } from './refFiles.js';

export { parseDocumentText } from './parseText.js';

/** Options of {@link loadContract}. */
export interface LoadContractOptions {
  /** Allow `$ref`s to `http:`/`https:` URLs to be fetched. Off by default: such a ref is an error. @default false */
  allowRemoteRefs?: boolean;
  /**
   * Folders (absolute) besides the entry file's own that local `$ref`s may read from (the config's `refRoots`);
   * a `$ref` to a file anywhere else is `RSL_REF_OUTSIDE_ROOT`.
   */
  refRoots?: readonly string[] | undefined;
  /** Largest size in bytes of each file read (the entry and each referenced file). @default DEFAULT_MAX_INPUT_SIZE (64 MiB) */
  maxInputSize?: number | undefined;
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
  /**
   * The sha256 (hex) of the bytes read from each local file of {@link files}, by the same path: the no-change cache
   * records a run only when the files still hold these bytes after it (a file changed during the run leaves none).
   */
  digests: Map<string, string>;
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
 * @throws GeneratorError `RSL_INPUT_NOT_FOUND` (also for a path that is not a regular file), `RSL_INPUT_TOO_LARGE`,
 *   `RSL_INPUT_BINARY`, `RSL_INPUT_EMPTY`, `RSL_INPUT_SYNTAX`, `RSL_INPUT_DUPLICATE_KEY`, `RSL_INPUT_TOO_DEEP`,
 *   `RSL_NOT_OPENAPI`, `RSL_UNSUPPORTED_VERSION`, `RSL_REF_OUTSIDE_ROOT` or `RSL_REF_UNRESOLVED`, each naming the file
 * @see https://spec.openapis.org/oas/v3.1.0#relative-references-in-uris
 */
export async function loadContract(file: string, options: LoadContractOptions = {}): Promise<LoadedContract> {
  const absolute = path.resolve(file);
  let bytes: Buffer;
  try {
    // A folder, a FIFO or a device is not opened (reading a FIFO would wait forever, /dev/zero would never end).
    ({ bytes } = readRegularFile(absolute, options.maxInputSize ?? DEFAULT_MAX_INPUT_SIZE));
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    const reason = error instanceof NotRegularFileError ? 'it is not a regular file: nothing else is read' : (error as Error).message;
    throw new GeneratorError('RSL_INPUT_NOT_FOUND', `${file}: cannot read the contract (${reason})`, {
      file,
      hint: 'Check the path given as input (relative paths in a config resolve from the config file).',
      cause: error,
    });
  }
  const digests = new Map([[absolute, sha256Of(bytes)]]);
  const text = decodeContract(bytes, file);
  if (text.trim() === '') {
    throw new GeneratorError('RSL_INPUT_EMPTY', `${file}: the contract file is empty`, { file });
  }
  // The limits are checked before anything else walks the document (the upgrade, detection, the plugins).
  const parsed = parseContractText(text, file, (value) => checkDocumentLimits(value, file, bytes.length));
  let root = parsed.value;
  let externalRef = parsed.walked.externalRef;
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
    externalRef = hasExternalRef(root);
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
    if (!/^3\.[012](\.\d+)?(-.+)?$/.test(version)) {
      throw new GeneratorError('RSL_UNSUPPORTED_VERSION', `${file}: OpenAPI version ${version} is not supported (3.0.x, 3.1.x and 3.2.x are)`, {
        file,
        location: '#/openapi',
      });
    }
  }
  let document = root as Record<string, unknown>;
  const files = [absolute];
  if (externalRef) {
    const bundled = await bundleExternalRefs(document, absolute, options);
    document = bundled.document;
    checkDocumentLimits(document, file, bytes.length + bundled.expandedBudget);
    for (const f of bundled.files) if (!files.includes(f)) files.push(f);
    for (const [f, digest] of bundled.digests) if (!digests.has(f)) digests.set(f, digest);
  }
  return { file: absolute, document: document as unknown as OpenAPIObject, notices, files, digests };
}

async function bundleExternalRefs(
  document: Record<string, unknown>,
  absolute: string,
  options: LoadContractOptions,
): Promise<{ document: Record<string, unknown>; files: string[]; digests: ReadonlyMap<string, string>; expandedBudget: number }> {
  const { default: $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const reading = refReading(absolute, [path.dirname(absolute), ...(options.refRoots ?? [])], options.maxInputSize ?? DEFAULT_MAX_INPUT_SIZE);
  try {
    const parser = new $RefParser();
    // Work on a copy: the bundler rewrites refs in place.
    const copy = dropExtensionFileRefs(structuredClone(document));
    const bundled: unknown = await parser.bundle(absolute, copy as never, {
      resolve: { file: reading.file, http: options.allowRemoteRefs === true ? {} : false, external: true },
      parse: { contract: reading.parser, yaml: false, json: false, text: false, binary: false },
      continueOnError: false,
    } as never);
    const read = parser.$refs.paths() as string[];
    rebaseRootRefs(bundled, absolute, read.filter((f) => !/^[a-z][a-z0-9+.-]+:/i.test(f)));
    return { document: bundled as Record<string, unknown>, files: read, digests: reading.digests, expandedBudget: reading.expandedBudget() };
  } catch (error) {
    const failure = reading.failure();
    if (failure) throw failure;
    const message = (error as Error).message;
    const remote = /https?:/.test(message) && options.allowRemoteRefs !== true;
    // With allowRemoteRefs, the bundler still refuses internal hosts (loopback, private ranges, `.local`, `.internal`…) without a word.
    const internal = options.allowRemoteRefs === true && /^Unable to resolve \$ref pointer "https?:/.test(message);
    const why = internal ? ' (URLs of loopback, private and internal hosts such as 127.0.0.1, 10.x, 192.168.x, *.local, *.internal, *.intranet, *.corp and *.lan are never fetched)' : '';
    throw new GeneratorError(
      'RSL_REF_UNRESOLVED',
      `${absolute}: ${remote ? 'a remote $ref is not fetched unless the config sets allowRemoteRefs: ' : 'cannot resolve a $ref: '}${message}${why}`,
      {
        file: absolute,
        hint: remote ? 'Set `allowRemoteRefs: true` in generator.config.ts to fetch remote refs.' : internal ? 'Save the referenced file beside the contract and $ref it locally.' : 'Check the path of the referenced file.',
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
    // Most tokens hold no escape at all: decoding would give them back as they are.
    const token = raw.includes('%') || raw.includes('~') ? decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~') : raw;
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
  // Most tokens (property names) hold neither character.
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { checkDocumentLimits, MIN_EXPANDED_VALUES } from './documentLimits.js';
import { confineRef, readRegularFile, REF_EXTENSIONS, sha256Of } from './inputFiles.js';
import { decodeContract, parseContractText } from './parseText.js';

/** What the `$ref` bundler needs to read referenced files as the entry file is read. */
export interface RefReading {
  /** json-schema-ref-parser's `resolve.file`: reads a referenced local file, confined and checked. */
  file: { order: number; canRead: (file: { url: string }) => boolean; read: (file: { url: string; baseUrl?: string }) => Buffer };
  /** json-schema-ref-parser's one parser: every referenced file is parsed like the entry file. */
  parser: { order: number; allowEmpty: boolean; canParse: boolean; parse: (file: { url: string; data: Buffer | string }) => unknown };
  /** The first coded error a read or a parse raised (the bundler wraps what it catches; this is what the run reports). */
  failure: () => GeneratorError | undefined;
  /** The sha256 (hex) of the bytes of each local file read so far, by absolute path (the target, before links). */
  digests: ReadonlyMap<string, string>;
  /** The characters of text parsed so far, plus {@link MIN_EXPANDED_VALUES} per file: the budget of the bundled document's check. */
  expandedBudget: () => number;
}

/** True when a `$ref` URL names a local file (a path, or a `file:` URL) rather than a remote one. */
const isLocal = (url: string) => !/^[a-z][a-z0-9+.-]+:/i.test(url) || /^file:/i.test(url);

/**
 * The file-system path of a local `$ref` URL as the bundler gives it (a `file:` URL, or a path whose segments
 * are percent-encoded).
 */
function pathOfUrl(url: string): string {
  if (/^file:/i.test(url)) return fileURLToPath(url);
  return url
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The resolver and parser that make the `$ref` bundler read as the load does: a referenced file must lie under one
 * of the roots (also once its links are resolved), must be a regular file of at most `maxBytes` bytes, and is
 * decoded and parsed strictly (BOM, binary, duplicate keys, depth, aliases) like the entry file.
 * @param entry absolute path of the entry file
 * @param roots absolute folders `$ref`s may read from
 * @param maxBytes the size limit of each file
 */
export function refReading(entry: string, roots: readonly string[], maxBytes: number): RefReading {
  let first: GeneratorError | undefined;
  let budget = 0;
  const paths = new Map<string, string>();
  const digests = new Map<string, string>();
  const record = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof GeneratorError) first ??= error;
      throw error;
    }
  };
  return {
    file: {
      order: 1,
      canRead: (file) => isLocal(file.url),
      read: (file) =>
        record(() => {
          const from = file.baseUrl && isLocal(file.baseUrl) ? pathOfUrl(file.baseUrl.replace(/#.*$/, '')) : entry;
          const target = path.resolve(pathOfUrl(file.url.replace(/#.*$/, '')));
          const real = confineRef(target, roots, from);
          paths.set(file.url, target);
          const { bytes } = readRegularFile(real, maxBytes, 'a file named by a $ref');
          digests.set(target, sha256Of(bytes));
          return bytes;
        }),
    },
    parser: {
      order: 1,
      allowEmpty: true,
      canParse: true,
      parse: (file) =>
        record(() => {
          const name = paths.get(file.url) ?? file.url;
          // A remote file (with `allowRemoteRefs`) was not read through `readRegularFile`: its size is checked here.
          const size = typeof file.data === 'string' ? Buffer.byteLength(file.data) : file.data.length;
          if (size > maxBytes) throw new GeneratorError('RSL_INPUT_TOO_LARGE', `${name}: a file named by a $ref is ${size} bytes, over the limit of ${maxBytes} bytes`, { file: entry, hint: 'Raise `maxInputSize` (bytes) in generator.config.ts if the file is meant to be this large.' });
          const text = typeof file.data === 'string' ? file.data : decodeContract(file.data, name);
          const { value } = parseContractText(text, name, (parsed) => checkDocumentLimits(parsed, name, text.length));
          budget += text.length + MIN_EXPANDED_VALUES;
          return dropExtensionFileRefs(value);
        }),
    },
    failure: () => first,
    digests,
    expandedBudget: () => budget,
  };
}

/**
 * Drops, in place, every `$ref` inside a vendor extension (a member whose name starts with `x-`, such as Redocly's
 * `x-codeSamples`) that names a local file other than a contract document (a code sample `get.cs`). Nothing reads
 * extensions to generate, so such a file is never read: the reference becomes an empty object instead of a
 * refusal. A `$ref` anywhere else still has to name a contract document (see `confineRef`).
 * @param value a parsed document, or a part of one
 * @param inExtension whether `value` lies inside a vendor extension
 * @returns `value`, changed in place
 */
export function dropExtensionFileRefs(value: unknown, inExtension = false): unknown {
  if (Array.isArray(value)) {
    for (const item of value) dropExtensionFileRefs(item, inExtension);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const ref = record.$ref;
    if (inExtension && typeof ref === 'string' && isLocal(ref) && !ref.startsWith('#')) {
      const target = ref.replace(/#.*$/, '').toLowerCase();
      if (!REF_EXTENSIONS.some((extension) => target.endsWith(extension))) delete record.$ref;
    }
    for (const [key, member] of Object.entries(record)) dropExtensionFileRefs(member, inExtension || key.startsWith('x-'));
  }
  return value;
}

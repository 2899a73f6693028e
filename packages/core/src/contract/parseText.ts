import { isUtf8 } from 'node:buffer';
import yaml from 'js-yaml';
import { createScanner, parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { MAX_DEPTH } from './documentLimits.js';

/** jsonc-parser's `SyntaxKind` values the key scan reads (the enum is `const` in its typings). */
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, colon: 6, string: 10, eof: 17 } as const;

/** The hint of a syntax error: a line and column only when the message gives them. */
const syntaxHint = (location: string | undefined) => (location ? 'Fix the syntax error at the given line and column.' : 'Fix the syntax error; a YAML or JSON validator shows where it is.');

/**
 * `line:column` (both from 1) of an offset in a text.
 * @param text the text
 * @param offset a UTF-16 offset into it
 */
export function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `${before.split('\n').length}:${offset - lineStart + 1}`;
}

/**
 * The text of a contract file's bytes: UTF-8, its byte-order mark dropped. Binary input is named as binary, never
 * shown: a file with a NUL byte, with bytes that are not UTF-8, or in UTF-16 or UTF-32.
 * @param bytes the file's bytes
 * @param file the file's path, for messages
 * @throws GeneratorError `RSL_INPUT_BINARY` naming the file and the line and column of the first binary byte
 */
export function decodeContract(bytes: Buffer, file: string): string {
  const binary = (what: string, location?: string) =>
    new GeneratorError('RSL_INPUT_BINARY', `${file}${location ? `:${location}` : ''}: the file is not UTF-8 text (${what}), so it is no contract`, {
      file,
      ...(location ? { location } : {}),
      hint: 'Point the input at the YAML or JSON contract; a contract in another encoding must be saved as UTF-8.',
    });
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw binary('it starts with a UTF-16 or UTF-32 byte-order mark');
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const before = bytes.subarray(0, nul).toString('utf8');
    throw binary('it holds a NUL byte', lineColumn(before, before.length));
  }
  const text = bytes.toString('utf8');
  if (!isUtf8(bytes)) throw binary('it holds bytes that are not UTF-8', firstInvalidUtf8(text, bytes));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `line:column` of the first replacement character that does not stand for the bytes EF BF BD (U+FFFD itself). */
function firstInvalidUtf8(text: string, bytes: Buffer): string | undefined {
  for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) {
    const offset = Buffer.byteLength(text.slice(0, at));
    if (!(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return lineColumn(text, at);
  }
  return undefined;
}

/**
 * Parses YAML or JSON text into a value, strictly: a leading byte-order mark is dropped, a duplicate key is an
 * error, and YAML nests at most {@link MAX_DEPTH} levels. JSON (a `.json` file, or text that starts with `{` or `[`
 * and parses as JSON) is read by `JSON.parse`; when the text holds more keys than the value kept, it is scanned for
 * the duplicate with jsonc-parser's scanner; YAML by
 * js-yaml (YAML 1.2 core schema, plus timestamps, merge keys and the other js-yaml default types).
 * @param text file contents
 * @param file file name, used in messages
 * @param walk the caller's walk over the parsed value (the document limits, see `checkDocumentLimits`), run once
 *   right after parsing; the number of keys it counts is compared with the JSON text's, so no walk of its own is needed
 * @returns the parsed value, whether it was read as JSON, and what the walk returned
 * @throws GeneratorError `RSL_INPUT_SYNTAX` or `RSL_INPUT_DUPLICATE_KEY` naming `file:line:column`, or
 *   `RSL_INPUT_TOO_DEEP` for YAML nested deeper than {@link MAX_DEPTH}; `RSL_INPUT_TOO_LARGE` for merge keys
 *   that copy more than {@link MIN_MERGE_KEYS} keys (or one per character of a longer text); and what `walk` throws
 */
export function parseContractText<W extends { keys: number }>(text: string, file: string, walk: (value: unknown) => W): { value: unknown; json: boolean; walked: W } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const jsonFile = /\.json$/i.test(file);
  if (jsonFile || /^\s*[{[]/.test(body)) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      if (jsonFile) throw jsonSyntaxError(error, body, file);
      // Not JSON after all: YAML, which is a superset, reads it below.
    }
    if (value !== undefined) {
      const walked = walk(value);
      // The keys JSON.parse kept are those of the text unless one was set twice: only then is the text scanned.
      if (textKeyCount(body) !== walked.keys) assertUniqueJsonKeys(body, file);
      return { value, json: true, walked };
    }
  }
  let value: unknown;
  try {
    value = yaml.load(body, yamlOptions(file, body.length));
  } catch (error) {
    throw yamlError(error, body, file);
  }
  return { value, json: false, walked: walk(value) };
}

/**
 * Parses YAML or JSON text into a value, with line and column on syntax errors (see {@link parseContractText}).
 * @param text file contents
 * @param file file name, used in messages
 * @returns the parsed value
 * @throws GeneratorError `RSL_INPUT_SYNTAX`, `RSL_INPUT_DUPLICATE_KEY` or `RSL_INPUT_TOO_DEEP` naming `file:line:column`
 */
export function parseDocumentText(text: string, file: string): unknown {
  return parseContractText(text, file, (value) => ({ keys: valueKeyCount(value) })).value;
}

/**
 * The fewest keys a YAML document may copy through merge keys (`<<: *base`): the limit is this or the text's length
 * in characters, whichever is larger. js-yaml's own default (10,000) refuses real contracts (1,430 operations
 * sharing one `<<: *std` map of six responses reach it); none of the 2,955 YAML files of the shared corpus uses a
 * merge key at all, and a merge bomb (one large map merged many times) passes a million within tens of kilobytes.
 */
export const MIN_MERGE_KEYS = 1_000_000;

/**
 * js-yaml's options: duplicate keys are errors (its `json` mode would keep the last one), nesting stops past
 * {@link MAX_DEPTH} (js-yaml 4.3's `maxDepth`, which its typings do not list yet; its default, 100, refuses a
 * 50-level schema in flow style), and merge keys copy at most {@link MIN_MERGE_KEYS} keys or one per character.
 */
function yamlOptions(file: string, length: number): yaml.LoadOptions {
  const options: yaml.LoadOptions & { maxDepth: number; maxTotalMergeKeys: number } = {
    filename: file,
    json: false,
    maxDepth: MAX_DEPTH + 1,
    maxTotalMergeKeys: Math.max(MIN_MERGE_KEYS, length),
  };
  return options;
}

function yamlError(error: unknown, text: string, file: string): GeneratorError {
  const mark = (error as { mark?: { line: number; column: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? (error as Error).message;
  const location = mark ? `${mark.line + 1}:${mark.column + 1}` : undefined;
  const where = `${file}${location ? `:${location}` : ''}`;
  const details = { file, ...(location ? { location } : {}), cause: error };
  if (reason === 'duplicated mapping key') {
    const key = mark ? (text.split('\n')[mark.line] ?? '').slice(mark.column).replace(/\s*:(\s.*)?$/, '').slice(0, 80) : '';
    return new GeneratorError('RSL_INPUT_DUPLICATE_KEY', `${where}: key ${JSON.stringify(key)} is already set in this mapping`, { ...details, hint: 'Remove or rename one of the two keys: YAML readers disagree on which one wins.' });
  }
  if (reason.startsWith('nesting exceeded maxDepth')) {
    return new GeneratorError('RSL_INPUT_TOO_DEEP', `${where}: the document nests deeper than ${MAX_DEPTH} levels`, { ...details, hint: `A document may nest at most ${MAX_DEPTH} levels; real contracts stay far below.` });
  }
  if (reason.startsWith('merge keys exceeded maxTotalMergeKeys')) {
    return new GeneratorError('RSL_INPUT_TOO_LARGE', `${where}: the document's merge keys (<<) copy more than ${Math.max(MIN_MERGE_KEYS, text.length)} keys`, {
      ...details,
      hint: 'A merge-key bomb (one map merged over and over) is refused; write the shared parts once and $ref them.',
    });
  }
  return new GeneratorError('RSL_INPUT_SYNTAX', `${where}: invalid YAML: ${reason}`, { ...details, hint: syntaxHint(location) });
}

function jsonSyntaxError(error: unknown, text: string, file: string): GeneratorError {
  const message = (error as Error).message;
  let location: string | undefined;
  const lc = /line (\d+) column (\d+)/.exec(message);
  const pos = /position (\d+)/.exec(message);
  if (lc) location = `${lc[1]}:${lc[2]}`;
  else if (pos) location = lineColumn(text, Number(pos[1]));
  else if (text.trim() !== '') {
    // V8 names no position for a short text (`Unexpected token 'x', "x{}" is not valid JSON`): jsonc-parser finds it.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
    if (errors[0]) location = lineColumn(text, errors[0].offset);
  }
  return new GeneratorError('RSL_INPUT_SYNTAX', `${file}${location ? `:${location}` : ''}: invalid JSON: ${message}`, {
    file,
    ...(location ? { location } : {}),
    hint: syntaxHint(location),
    cause: error,
  });
}

/** The number of keys in valid JSON text: its colons outside strings (one pass over the characters). */
function textKeyCount(text: string): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) count++;
  }
  return count;
}

/**
 * The number of keys of every object in a parsed value (iterative: any depth): the walk of {@link parseDocumentText}.
 * @param value a parsed value
 */
export function valueKeyCount(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      count++;
      const child = record[key];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

/**
 * Scans valid JSON text for a key set twice in one object (`JSON.parse` keeps the last one without a word), with
 * jsonc-parser's scanner: keys compare as decoded (`"\u0061"` is `"a"`).
 * @throws GeneratorError `RSL_INPUT_DUPLICATE_KEY` naming the second key's line and column and the first's
 */
function assertUniqueJsonKeys(text: string, file: string): void {
  const scanner = createScanner(text, true);
  const stack: Array<Map<string, number> | undefined> = [];
  let keys: Map<string, number> | undefined;
  let last = '';
  let lastAt = 0;
  for (let token = scanner.scan(); token !== TOKEN.eof; token = scanner.scan()) {
    if (token === TOKEN.string) {
      last = scanner.getTokenValue();
      lastAt = scanner.getTokenOffset();
    } else if (token === TOKEN.colon && keys) {
      const first = keys.get(last);
      if (first !== undefined) {
        const location = lineColumn(text, lastAt);
        throw new GeneratorError('RSL_INPUT_DUPLICATE_KEY', `${file}:${location}: key ${JSON.stringify(last.slice(0, 80))} is already set in this object at ${lineColumn(text, first)}`, {
          file,
          location,
          hint: 'Remove or rename one of the two keys: JSON readers disagree on which one wins.',
        });
      }
      keys.set(last, lastAt);
    } else if (token === TOKEN.openBrace || token === TOKEN.openBracket) {
      stack.push(keys);
      keys = token === TOKEN.openBrace ? new Map() : undefined;
    } else if (token === TOKEN.closeBrace || token === TOKEN.closeBracket) keys = stack.pop();
  }
}

import { camelCase, pascalCase } from './casing.js';

/** TypeScript/JavaScript reserved words and global names a generated binding must not take. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void',
  'while', 'with', 'as', 'implements', 'interface', 'let', 'package', 'private', 'protected', 'public',
  'static', 'yield', 'any', 'boolean', 'constructor', 'declare', 'get', 'module', 'require', 'number',
  'set', 'string', 'symbol', 'type', 'from', 'of', 'await', 'async', 'unknown', 'never', 'object',
  'undefined', 'bigint', 'arguments', 'eval', 'keyof', 'readonly', 'infer', 'is', 'asserts', 'global',
]);

/**
 * Global type names that generated modules use themselves; a contract type must not shadow them
 * (a schema named `Blob` would otherwise change what `format: binary` means in that module, an entity named
 * `Record` what `Record<string, unknown>` means in its resource's types). Globals only other modules use are not
 * among them (`Error`, `Response`, `ReturnType`, `Parameters`): those modules reach contract types as `Schemas.X`.
 */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Array', 'Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Promise', 'Date', 'Blob',
  'File', 'FormData', 'Object', 'String', 'Number', 'Boolean', 'Symbol', 'Map', 'Set', 'ReadonlyArray',
  'Uint8Array', 'ArrayBuffer', 'Schemas', 'ApiError', 'RequestOptions', 'Function',
]);

/**
 * True when a generated type must not take this name: a reserved word or a global type that generated modules
 * use ({@link RESERVED_TYPE_NAMES}).
 * @param name a PascalCase type name
 */
export function isReservedTypeName(name: string): boolean {
  return RESERVED_WORDS.has(name) || RESERVED_TYPE_NAMES.has(name);
}

/**
 * The one leading-digit rule of every generated name (identifiers, type names, entity, method and resource
 * names): a name that starts with a digit gets a `_` in front (`2fa` → `_2fa`, `200Response` → `_200Response`).
 * @param name a name built from contract text
 * @returns the name, never starting with a digit
 */
export function noLeadingDigit(name: string): string {
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/**
 * A safe camelCase identifier from any text: never empty, never a reserved word, never starting
 * with a digit. `safeIdentifier('2fa-code')` → `_2faCode`; `safeIdentifier('delete')` → `delete_`.
 * @param input any text (may come from the contract)
 * @param fallback used when `input` has no ASCII letters or digits
 */
export function safeIdentifier(input: string, fallback = 'value'): string {
  let id = noLeadingDigit(camelCase(input) || fallback);
  if (RESERVED_WORDS.has(id)) id = `${id}_`;
  return id;
}

/**
 * A safe PascalCase type name from any text: never empty, never starting with a digit, never a reserved global.
 * `safeTypeName('user-profile')` → `UserProfile`; `safeTypeName('200')` → `_200`.
 * @param input any text (may come from the contract)
 * @param fallback used when `input` has no ASCII letters or digits
 */
export function safeTypeName(input: string, fallback = 'Schema'): string {
  let id = noLeadingDigit(pascalCase(input) || fallback);
  if (isReservedTypeName(id)) id = `${id}Type`;
  return id;
}

/**
 * Hands out unique names: the first request for a base gets it as is, later ones get `2`, `3`, … appended.
 * Deterministic when requests come in a deterministic order.
 */
export class UniqueNames {
  readonly #taken = new Set<string>();

  /** Marks a name as taken without returning a variant. */
  reserve(name: string): void {
    this.#taken.add(name);
  }

  /** True when the name is taken. */
  has(name: string): boolean {
    return this.#taken.has(name);
  }

  /** Returns `base`, or `base2`, `base3`, … — the first one not yet taken — and takes it. */
  take(base: string): string {
    let name = base;
    for (let i = 2; this.#taken.has(name); i++) name = `${base}${i}`;
    this.#taken.add(name);
    return name;
  }
}

/**
 * True when `name` can be written as an unquoted property key.
 * @param name property name from the contract
 */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

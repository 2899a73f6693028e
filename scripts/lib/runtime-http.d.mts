// Types of runtime-http.mjs (the HTTP side of `pnpm corpus:runtime`): the part the tests import.

/** What the probe's request bodies are sampled from and checked against (test/runtime/mocks-helpers/schemas.ts). */
export interface RequestView {
  /** The converted document (JSON Schema) ajv holds. */
  converted: unknown;
  /** Validates a value against the schema at a local JSON pointer of the converted document. */
  validate(pointer: string, value: unknown): { valid: boolean };
}

/**
 * A request body for a schema of the converted document, valid for the request view, or undefined when three
 * samples all fail ajv. The converted document is left as it was (json-schema-faker samples a copy).
 */
export function sampleBody(requestView: RequestView, pointer: string, seed: number): unknown;

/** The property names a discriminator of the raw document names: a variant fixes them, so no form edits them. */
export function discriminatorNames(document: unknown): Set<string>;

/**
 * The writable string properties of a body schema an update can change (no enum, format, pattern or const, not
 * readOnly or writeOnly), not the key nor one of `fixed`; with their largest length.
 */
export function writableStrings(requestView: RequestView, pointer: string, keyProp: string | undefined, fixed?: Set<string>): Array<{ name: string; maxLength: number }>;

/** How much a change can hurt the code that uses the API or the generated layer. */
export type ChangeLevel = 'breaking' | 'possibly-breaking' | 'non-breaking';

/** The levels from the worst to the mildest. */
export const CHANGE_LEVELS: readonly ChangeLevel[] = ['breaking', 'possibly-breaking', 'non-breaking'];

/** What a contract change code stands for: a one-line title, for the docs and the reports. */
export interface DiffCodeInfo {
  /** One line, e.g. "An operation was removed". */
  title: string;
  /** The level the change usually has (api-smart-diff decides each case: see `docs/diff.md`). */
  usual: ChangeLevel | 'depends';
}

/**
 * The stable codes of contract changes. They are ours: api-smart-diff's raw results (JSON paths, its own
 * classification) are mapped onto them, so a CI script may match on a code across versions of the library.
 * Documented in `docs/diff.md`; a code is never renamed or reused.
 */
export const DIFF_CODES = {
  RSL_DIFF_OPERATION_REMOVED: { title: 'An operation was removed', usual: 'breaking' },
  RSL_DIFF_OPERATION_ADDED: { title: 'An operation was added', usual: 'non-breaking' },
  RSL_DIFF_OPERATION_ID_CHANGED: { title: 'An operationId changed (generated names derive from it)', usual: 'depends' },
  RSL_DIFF_PARAMETER_REMOVED: { title: 'A parameter was removed', usual: 'breaking' },
  RSL_DIFF_PARAMETER_ADDED: { title: 'A parameter was added (breaking when required)', usual: 'depends' },
  RSL_DIFF_PARAMETER_CHANGED: { title: 'A parameter changed (required, style, explode, location)', usual: 'depends' },
  RSL_DIFF_REQUEST_BODY_CHANGED: { title: 'A request body was added, removed or made required', usual: 'depends' },
  RSL_DIFF_PROPERTY_REMOVED: { title: 'A property was removed from a request body or parameter schema', usual: 'depends' },
  RSL_DIFF_PROPERTY_ADDED: { title: 'An optional property (or a response property) was added', usual: 'non-breaking' },
  RSL_DIFF_REQUIRED_PROPERTY_ADDED: { title: 'A required property was added to a request body', usual: 'breaking' },
  RSL_DIFF_RESPONSE_PROPERTY_REMOVED: { title: 'A property was removed from a response body', usual: 'breaking' },
  RSL_DIFF_PROPERTY_NOW_REQUIRED: { title: 'An existing property became required', usual: 'depends' },
  RSL_DIFF_PROPERTY_NOW_OPTIONAL: { title: 'An existing property became optional', usual: 'depends' },
  RSL_DIFF_TYPE_CHANGED: { title: 'The type, format or shape of a schema changed', usual: 'depends' },
  RSL_DIFF_ENUM_VALUE_REMOVED: { title: 'An enum value was removed', usual: 'depends' },
  RSL_DIFF_ENUM_VALUE_ADDED: { title: 'An enum value was added', usual: 'depends' },
  RSL_DIFF_CONSTRAINT_CHANGED: { title: 'A validation constraint changed (length, range, pattern, items)', usual: 'depends' },
  RSL_DIFF_MEDIA_TYPE_REMOVED: { title: 'A media type of a request or response was removed', usual: 'breaking' },
  RSL_DIFF_MEDIA_TYPE_ADDED: { title: 'A media type of a request or response was added', usual: 'non-breaking' },
  RSL_DIFF_RESPONSE_REMOVED: { title: 'A response status was removed', usual: 'depends' },
  RSL_DIFF_RESPONSE_ADDED: { title: 'A response status was added', usual: 'depends' },
  RSL_DIFF_SECURITY_ADDED: { title: 'A security requirement was added', usual: 'breaking' },
  RSL_DIFF_SECURITY_REMOVED: { title: 'A security requirement was removed', usual: 'non-breaking' },
  RSL_DIFF_SECURITY_CHANGED: { title: 'A security requirement or scheme changed', usual: 'depends' },
  RSL_DIFF_DEPRECATED: { title: 'An operation, parameter or schema was deprecated', usual: 'possibly-breaking' },
  RSL_DIFF_DOCUMENTATION_CHANGED: { title: 'Documentation only (summary, description, title, examples)', usual: 'non-breaking' },
  RSL_DIFF_CHANGED: { title: 'Any other change (catch-all)', usual: 'depends' },
} as const satisfies Record<string, DiffCodeInfo>;

/** A contract change code: a key of {@link DIFF_CODES}. */
export type DiffCode = keyof typeof DIFF_CODES;

/**
 * The worse of two levels.
 * @param a a level
 * @param b another level
 */
export function worseLevel(a: ChangeLevel, b: ChangeLevel): ChangeLevel {
  return CHANGE_LEVELS.indexOf(a) <= CHANGE_LEVELS.indexOf(b) ? a : b;
}

/**
 * Whether a level reaches a threshold (`breaking` reaches `possibly-breaking`, not the other way round).
 * @param level the level of a change
 * @param threshold the least level that counts
 */
export function reaches(level: ChangeLevel, threshold: ChangeLevel): boolean {
  return CHANGE_LEVELS.indexOf(level) <= CHANGE_LEVELS.indexOf(threshold);
}

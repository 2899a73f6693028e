/** How much a change can hurt the code that uses the API or the generated layer. */
export type ChangeLevel = 'breaking' | 'possibly-breaking' | 'non-breaking';

/** The levels from the worst to the mildest. */
export const CHANGE_LEVELS: readonly ChangeLevel[] = ['breaking', 'possibly-breaking', 'non-breaking'];

/** What a contract change code stands for: the docs' row (`docs/diff.md`) and what `reslayer explain` prints. */
export interface DiffCodeInfo {
  /** One line, e.g. "An operation was removed". */
  title: string;
  /**
   * The level a change of this code gets: always this level, or `depends` (api-smart-diff's classification of the
   * case, see `docs/diff.md`), never milder than {@link DiffCodeInfo.atLeast} when that is set.
   */
  level: ChangeLevel | 'depends';
  /** With `depends`: the mildest level the change gets. */
  atLeast?: ChangeLevel;
  /** What the change means for code that calls the API through the generated layer. */
  why: string;
}

/**
 * The stable codes of contract changes. They are ours: api-smart-diff's raw results (JSON paths, its own
 * classification) are mapped onto them, and each code's `level` is applied to every change of that code
 * ({@link settleLevel}), so a CI script may match on a code and its level across versions of the library.
 * Documented in `docs/diff.md` (a test keeps its table equal to this one); a code is never renamed or reused.
 */
export const DIFF_CODES = {
  RSL_DIFF_OPERATION_REMOVED: { title: 'An operation was removed', level: 'breaking', why: 'Its client method, types, hooks, query keys and mock handlers are gone: code that calls it stops compiling, and the server answers 404 or 405.' },
  RSL_DIFF_OPERATION_ADDED: { title: 'An operation was added', level: 'non-breaking', why: 'New methods and types appear; nothing that exists changes.' },
  RSL_DIFF_OPERATION_ID_CHANGED: { title: 'An operationId changed (generated names derive from it)', level: 'possibly-breaking', why: 'The request is the same, but method, hook and type names derive from the operationId: code that imports the old names may stop compiling (the generated symbols below say which).' },
  RSL_DIFF_PARAMETER_REMOVED: { title: 'A parameter was removed', level: 'breaking', why: 'The parameter leaves the generated `…Params` type: code that passes it stops compiling, and a server that still needs it refuses the call.' },
  RSL_DIFF_PARAMETER_ADDED: { title: 'A parameter was added (breaking when required)', level: 'depends', why: 'An optional parameter changes nothing for callers; a required one must be passed by every call.' },
  RSL_DIFF_PARAMETER_CHANGED: { title: 'A parameter changed (required, style, explode, location)', level: 'depends', why: 'A parameter made required must be passed by every call; a new style, explode or location changes the request the client sends.' },
  RSL_DIFF_REQUEST_BODY_CHANGED: { title: 'A request body was added, removed or made required', level: 'depends', why: 'A new or newly required body changes the method\'s signature and what every call must send; one made optional changes nothing for callers.' },
  RSL_DIFF_PROPERTY_REMOVED: { title: 'A property was removed from a request body or parameter schema', level: 'depends', why: 'Callers may still send it; a server that rejects unknown properties refuses the call, one that ignores them does not.' },
  RSL_DIFF_PROPERTY_ADDED: { title: 'An optional property (or a response property) was added', level: 'non-breaking', why: 'Requests need not send it and response readers may ignore it.' },
  RSL_DIFF_REQUIRED_PROPERTY_ADDED: { title: 'A required property was added to a request body or parameter schema', level: 'breaking', why: 'Every call must now send it: the generated payload type requires it, and the server refuses calls without it.' },
  RSL_DIFF_RESPONSE_PROPERTY_REMOVED: { title: 'A property was removed from a response body', level: 'breaking', why: 'It leaves the generated response types, so code that reads it stops compiling, even when it was optional (at run time the value is simply missing); forms, columns and labels built from it go too.' },
  RSL_DIFF_PROPERTY_NOW_REQUIRED: { title: 'An existing property became required', level: 'depends', why: 'In a request, every call must now send it (breaking); in a response it only becomes certain (non-breaking).' },
  RSL_DIFF_PROPERTY_NOW_OPTIONAL: { title: 'An existing property became optional', level: 'depends', why: 'In a response, code that reads it must now handle its absence (breaking under `strict`); in a request it need no longer be sent.' },
  RSL_DIFF_TYPE_CHANGED: { title: 'The type, format or shape of a schema changed', level: 'depends', why: 'Values of the old type may no longer fit: api-smart-diff tells widening (safe for requests) from narrowing.' },
  RSL_DIFF_ENUM_VALUE_REMOVED: { title: 'An enum value was removed', level: 'depends', why: 'Requests that send the value are refused; responses only send fewer values.' },
  RSL_DIFF_ENUM_VALUE_ADDED: { title: 'An enum value was added', level: 'depends', why: 'Requests may send it; a response may now hold a value that exhaustive `switch`es and lookups do not handle.' },
  RSL_DIFF_CONSTRAINT_CHANGED: { title: 'A validation constraint changed (length, range, pattern, items)', level: 'depends', why: 'A tighter constraint on a request refuses values that passed before; a looser one on a response lets through values the UI may not expect.' },
  RSL_DIFF_MEDIA_TYPE_REMOVED: { title: 'A media type of a request or response was removed', level: 'breaking', why: 'A request body of that type is refused, or a response of that type no longer comes: the generated client may send or expect the wrong one.' },
  RSL_DIFF_MEDIA_TYPE_ADDED: { title: 'A media type of a request or response was added', level: 'non-breaking', why: 'Another type is accepted or offered; the one the client uses is unchanged.' },
  RSL_DIFF_RESPONSE_REMOVED: { title: 'A response status was removed', level: 'depends', why: 'Code that handles that status no longer meets it; a removed success status changes the method\'s result type.' },
  RSL_DIFF_RESPONSE_ADDED: { title: 'A response status was added', level: 'depends', why: 'A new error status is an error like any other; a new success status widens the method\'s result type.' },
  RSL_DIFF_SECURITY_ADDED: { title: 'A security requirement was added', level: 'depends', atLeast: 'possibly-breaking', why: 'Clients that send no credentials for it may now be refused (401 or 403); a client whose `auth` already covers the scheme is not.' },
  RSL_DIFF_SECURITY_REMOVED: { title: 'A security requirement was removed', level: 'non-breaking', why: 'Credentials are no longer needed; sending them does no harm.' },
  RSL_DIFF_SECURITY_CHANGED: { title: 'A security requirement or scheme changed', level: 'depends', why: 'The credentials the client sends (header name, scheme, scopes) may no longer be the ones the server asks for.' },
  RSL_DIFF_DEPRECATED: { title: 'An operation, parameter or schema was deprecated', level: 'possibly-breaking', why: 'It still works, but its removal is announced: plan to move off it.' },
  RSL_DIFF_DOCUMENTATION_CHANGED: { title: 'Documentation only (summary, description, title, examples)', level: 'non-breaking', why: 'Only text changes: comments and i18n labels of the generated layer, no types or requests.' },
  RSL_DIFF_CHANGED: { title: 'Any other change (catch-all)', level: 'depends', why: 'A change no other code describes: api-smart-diff\'s own classification decides its level.' },
} as const satisfies Record<string, DiffCodeInfo>;

/** A contract change code: a key of {@link DIFF_CODES}. */
export type DiffCode = keyof typeof DIFF_CODES;

/**
 * The level a change of `code` gets: the code's fixed level, or the one found for the case (api-smart-diff's),
 * raised to the code's `atLeast`.
 * @param code the change's code
 * @param found the level of the case
 */
export function settleLevel(code: DiffCode, found: ChangeLevel): ChangeLevel {
  const info: DiffCodeInfo = DIFF_CODES[code];
  if (info.level !== 'depends') return info.level;
  return info.atLeast !== undefined ? worseLevel(found, info.atLeast) : found;
}

/**
 * The code of a string in any case, with or without the `RSL_` prefix (`diff-deprecated`, `RSL_DIFF_DEPRECATED`).
 * @param code what the user typed
 * @returns the code, or undefined when it is no diff code
 */
export function diffCode(code: string): DiffCode | undefined {
  let key = code.trim().toUpperCase().replace(/-/g, '_');
  if (!key.startsWith('RSL_')) key = `RSL_${key}`;
  return Object.hasOwn(DIFF_CODES, key) ? (key as DiffCode) : undefined;
}

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

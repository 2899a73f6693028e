/**
 * The catalogue of every diagnostic and error code reslayer raises, with a one-line doc each.
 * `explanations.ts` explains each one (what happened, why it matters, how to fix it); `reslayer explain
 * <code>` prints that, and `docs/diagnostics.md` is generated from it (`node scripts/docs-diagnostics.mjs`).
 */
export const DIAGNOSTIC_CODES = {
  /** The contract file does not exist or cannot be read. */
  RSL_INPUT_NOT_FOUND: 'The contract file does not exist or cannot be read.',
  /** The contract file is empty. */
  RSL_INPUT_EMPTY: 'The contract file is empty.',
  /** The contract is not valid YAML or JSON. */
  RSL_INPUT_SYNTAX: 'The contract is not valid YAML or JSON.',
  /** A contract file is not UTF-8 text (a NUL byte, bytes that are not UTF-8, UTF-16 or UTF-32). */
  RSL_INPUT_BINARY: 'A contract file is binary, not UTF-8 text.',
  /** A key is set twice in one YAML mapping or JSON object. */
  RSL_INPUT_DUPLICATE_KEY: 'A key is set twice in one mapping or object.',
  /** A contract file is over the size limit, or its YAML aliases expand it past the limit. */
  RSL_INPUT_TOO_LARGE: 'A contract file is too large, or its YAML aliases expand it too far.',
  /** The document nests deeper than the limit, counting each `$ref` followed. */
  RSL_INPUT_TOO_DEEP: 'The document nests deeper than the limit.',
  /** The document root is not an object, or has no `openapi`/`swagger` field. */
  RSL_NOT_OPENAPI: 'The document is not an OpenAPI document.',
  /** The `openapi` version is not supported (only 3.0.x, 3.1.x and 3.2.x; Swagger 2.0 is upgraded). */
  RSL_UNSUPPORTED_VERSION: 'The OpenAPI version is not supported.',
  /** A `$ref` cannot be resolved, or points at a remote URL that is not allowed. */
  RSL_REF_UNRESOLVED: 'A $ref cannot be resolved.',
  /** A `$ref` names a file outside the contract's folder and the config's `refRoots`. */
  RSL_REF_OUTSIDE_ROOT: "A $ref names a file outside the contract's folders.",
  /** A Swagger 2.0 document was upgraded to OpenAPI 3.0 before generation. */
  RSL_SWAGGER2_UPGRADED: 'A Swagger 2.0 document was upgraded to OpenAPI 3.0.',
  /** The document has no operations under `paths`. */
  RSL_NO_PATHS: 'The document has no operations under paths.',
  /** An operation has no `operationId`; a name is derived from method and path. */
  RSL_OPERATION_ID_MISSING: 'An operation has no operationId.',
  /** Two operations share an `operationId`. */
  RSL_OPERATION_ID_DUPLICATE: 'Two operations share an operationId.',
  /** A partial CRUD resource misses some of the five CRUD operations. */
  RSL_RESOURCE_PARTIAL: 'A CRUD resource misses some of list, read, create, update, delete.',
  /** Two resources would have the same name; one was renamed deterministically. */
  RSL_RESOURCE_RENAMED: 'A resource was renamed to avoid a name collision.',
  /** Fewer than half of the operations whose CRUD role the paths make plain got it. */
  RSL_MODEL_WEAK: 'Fewer than half of the structural CRUD operations got their role.',
  /** A naming override of the config matches no detected resource or operationId, or gives a name that is taken. */
  RSL_OVERRIDE_INVALID: 'A naming override matches nothing or gives a name that is already taken.',
  /** An operation has no success (2XX) response. */
  RSL_NO_SUCCESS_RESPONSE: 'An operation declares no success (2XX) response.',
  /** A path parameter of the template is not declared. */
  RSL_PATH_PARAM_UNDECLARED: 'A path template parameter is not declared as a parameter.',
  /** A schema construct is not fully representable and was typed as `unknown`. */
  RSL_SCHEMA_UNSUPPORTED: 'A schema construct was typed as unknown.',
  /** `allOf` members declare a property with types no value satisfies at once; the later member's type is used. */
  RSL_ALLOF_CONFLICT: 'Members of an allOf retype a property incompatibly; the later member wins.',
  /** The config file is missing, invalid, or exports no config. */
  RSL_CONFIG_INVALID: 'The config file is missing or invalid.',
  /** A plugin requires another plugin that is not configured. */
  RSL_PLUGIN_MISSING_REQUIREMENT: 'A plugin requires another plugin that is not configured.',
  /** Two plugins have the same name. */
  RSL_PLUGIN_DUPLICATE: 'Two configured plugins have the same name.',
  /** Plugin requirements form a cycle. */
  RSL_PLUGIN_CYCLE: 'Plugin requirements form a cycle.',
  /** A plugin's tap threw. */
  RSL_PLUGIN_FAILED: 'A plugin threw while a hook ran.',
  /** Two plugins emitted the same file path. */
  RSL_FILE_CONFLICT: 'Two plugins emitted the same file path.',
  /** A generated path would leave the output root. */
  RSL_PATH_OUTSIDE_ROOT: 'A generated path would leave the output root.',
  /** A generated path uses a name reserved for reslayer's own files (`.reslayer-*`). */
  RSL_PATH_RESERVED: "A generated path uses a name reserved for reslayer's own files.",
  /** Writing the output failed. */
  RSL_WRITE_FAILED: 'Writing the output failed.',
  /** The config's `format` names a formatter the project has not installed. */
  RSL_FORMATTER_MISSING: "The config's formatter is not installed in the project.",
  /** The formatter failed on a generated file. */
  RSL_FORMAT_FAILED: 'The formatter failed on a generated file.',
  /** `check` found no output root to compare with. */
  RSL_OUTPUT_MISSING: 'The output root to check does not exist.',
  /** The output root, its source folder or a folder of a generated file is a file. */
  RSL_OUTPUT_NOT_DIRECTORY: 'A path where the output needs a folder is a file.',
  /** Another run held the output root longer than this run would wait. */
  RSL_OUTPUT_LOCKED: 'Another run holds the output root.',
  /** An entry of the output root is neither a file nor a folder (FIFO, socket, device); it is not opened. */
  RSL_OUTPUT_SPECIAL_FILE: 'The output root holds a FIFO, socket or device.',
  /** Two runs of one config would write into the same output root. */
  RSL_OUTPUT_CONFLICT: 'Two runs of one config share an output root.',
  /** The output root is the file system's root, the home folder, or a folder that holds it, the config or the contract. */
  RSL_OUTPUT_ROOT_UNSAFE: 'The output root is a folder no run may own.',
  /** plugin-mocks cannot keep state for an operation of a CRUD resource (it answers a fixed fixture). */
  RSL_MOCK_STATELESS: 'The mocks cannot keep state for an operation; it answers a fixed fixture.',
  /** A plugin-mocks sample reached the most nodes one sample may build, and was cut (printed with a cast). */
  RSL_MOCK_SAMPLE_LIMIT: 'A mock sample reached the size limit and was cut.',
  /** plugin-mocks' store-backed list ignores some of the list's query parameters (no filter, search, sort or page reads them). */
  RSL_MOCK_LIST_PARAM: 'The mocks ignore a query parameter of a store-backed list.',
  /** An update or delete of a CRUD resource with a list and a read gets no optimistic helper; the message says why. */
  RSL_HOOKS_NOT_OPTIMISTIC: 'An update or delete gets no optimistic helper; its mutation options only invalidate.',
  /** The command line is not valid (unknown command or option, missing input). Raised by the CLI. */
  RSL_USAGE: 'The command line is not valid.',
  /** `generate --watch` could not watch a file (printed; the watch goes on). Raised by the CLI. */
  RSL_WATCH_FAILED: 'Watching a file for changes failed.',
  /** `reslayer mock` cannot listen: the port is in use (or not allowed). Raised by the CLI. */
  RSL_MOCK_PORT_IN_USE: 'The mock server cannot listen on the port.',
  /** The CLI runs on a Node.js older than 22.12. Raised by the CLI. */
  RSL_NODE_VERSION: 'Node.js is older than 22.12.',
} as const;

/** A stable diagnostic or error code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

import { CLI_EXPLANATIONS } from './cliExplanations.js';
import { GUARD_EXPLANATIONS } from './guardExplanations.js';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes.js';
import { OUTPUT_EXPLANATIONS } from './explanationsOutput.js';

import { type Explanation } from './Explanation.js';

export { EXPLANATION_SECTIONS, type Explanation, type ExplanationSection } from './Explanation.js';

/**
 * The explanation of every code in {@link DIAGNOSTIC_CODES}: the one source of `reslayer explain` and of
 * `docs/diagnostics.md`.
 */
export const DIAGNOSTIC_EXPLANATIONS: Readonly<Record<DiagnosticCode, Explanation>> = {
  RSL_INPUT_NOT_FOUND: {
    section: 'Loading the contract',
    severity: 'thrown',
    what: 'The contract file does not exist or cannot be read: for example the path is a folder, or a FIFO, socket or device, which is never opened.',
    why: 'Nothing can be generated or checked without the contract; the run stops before anything is written.',
    fix: 'Check `input` in the config (relative paths resolve from the config file\'s folder) or the path given on the command line. `reslayer init` finds `openapi.yaml`, `swagger.json` or `*.openapi.*` in the working directory.',
    examples: ["openapi.yaml: cannot read the contract (ENOENT: no such file or directory, stat '/home/dev/app/openapi.yaml')"],
    hint: 'Check the path given as input (relative paths in a config resolve from the config file).',
  },
  RSL_INPUT_EMPTY: {
    section: 'Loading the contract',
    severity: 'thrown',
    what: 'The contract file is empty or holds only whitespace.',
    why: 'An empty file describes no API; usually the path points at the wrong file, or a save or checkout was cut short.',
    fix: 'Point `input` at the real contract, or restore its contents (e.g. `git checkout -- openapi.yaml`).',
    examples: ['openapi.yaml: the contract file is empty'],
    hint: 'The file has no content: point the input at the real contract, or restore the file (e.g. from git).',
  },
  RSL_INPUT_SYNTAX: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` = `line:column`',
    what: 'The contract is not valid YAML or JSON (a `.json` file must be valid JSON; other files are read as YAML, which also accepts JSON).',
    why: 'A document that does not parse cannot be read at all; the run stops before anything is written.',
    fix: 'Fix the syntax at the given line and column.',
    examples: ['openapi.yaml:5:1: invalid YAML: missed comma between flow collection entries', "openapi.json:3:31: invalid JSON: Expected ',' or '}' after property value in JSON at position 54"],
    hint: 'Fix the syntax at the line and column shown.',
  },
  RSL_NOT_OPENAPI: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` `#` or `#/openapi`',
    what: 'The document root is not an object, or it has neither an `openapi` string nor a `swagger` field.',
    why: 'reslayer only reads OpenAPI (and Swagger 2.0) documents; anything else is probably the wrong file.',
    fix: "Start the document with `openapi: 3.1.0` (or `3.0.x`). Quote the version in YAML if it has only two parts: `openapi: '3.1'` is a string, `openapi: 3.1` is a number.",
    examples: ['api.yaml: no "openapi" version field at the root, so it is not an OpenAPI document'],
    hint: 'An OpenAPI 3 document starts with e.g. `openapi: 3.1.0`.',
  },
  RSL_UNSUPPORTED_VERSION: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` `#/openapi` or `#/swagger`',
    what: 'The version is not one reslayer reads. OpenAPI 3.0.x, 3.1.x and 3.2.x are read; Swagger 2.0 is upgraded first (see `RSL_SWAGGER2_UPGRADED`); anything else, such as OpenAPI 4.0 or a Swagger 2.0 document the converter cannot upgrade, is refused.',
    why: 'Each OpenAPI version changes how schemas and operations are read; generating from a version reslayer does not know could silently produce wrong types.',
    fix: 'Convert the contract to OpenAPI 3.2, 3.1 or 3.0 (docs/detection.md lists what each version adds that reslayer reads).',
    examples: ['api.yaml: OpenAPI version 4.0.0 is not supported (3.0.x, 3.1.x and 3.2.x are)'],
    hint: 'reslayer reads OpenAPI 3.0.x, 3.1.x and 3.2.x (Swagger 2.0 is upgraded). Convert the contract to one of those.',
  },
  RSL_REF_UNRESOLVED: {
    section: 'Loading the contract',
    severity: 'thrown while loading (an external `$ref` to a file or URL); `error` diagnostic while normalizing (an internal `#/…` `$ref` that leads nowhere; the target is typed `unknown`)',
    what: 'A `$ref` cannot be resolved. Remote `http(s)` refs are never fetched unless the config sets `allowRemoteRefs: true`; no network request is made otherwise.',
    why: 'The referenced schema or object is unknown, so the types built from it would be wrong; a dangling internal ref stops the run.',
    fix: 'Correct the path (relative file refs resolve from the file that contains them), add the missing component, download the remote file next to the contract, or set `allowRemoteRefs: true`.',
    examples: [
      '/home/dev/app/openapi.yaml: cannot resolve a $ref: Error opening file /home/dev/app/schemas/pet.yaml: ENOENT: …',
      '/home/dev/app/openapi.yaml: a remote $ref is not fetched unless the config sets allowRemoteRefs: Unable to resolve $ref pointer "https://example.test/pet.yaml"',
      '$ref "#/components/schemas/Missing" does not resolve (at #/components/schemas/Pet)',
    ],
    hint: 'Point the $ref at an existing object (file refs resolve from the file that contains them).',
  },
  RSL_SWAGGER2_UPGRADED: {
    section: 'Loading the contract',
    severity: '`info`',
    what: 'A Swagger 2.0 document was upgraded to OpenAPI 3.0 with `swagger2openapi` before generation.',
    why: 'Nothing is wrong; the note says the generated code follows the upgraded document, and the upgrade costs time on every run.',
    fix: 'Nothing is needed. To skip the step, convert the contract to OpenAPI 3 once and commit it.',
    examples: ['Swagger 2.0 document upgraded to OpenAPI 3.0 with swagger2openapi before generation (at #/swagger)'],
  },
  RSL_NO_PATHS: {
    section: 'Normalizing the contract',
    severity: '`info`',
    what: 'The document has no operations under `paths` (possibly only webhooks).',
    why: 'No resources are generated, so the output holds only shared files.',
    fix: 'Add operations under `paths`. Webhooks describe requests the API sends, so they get no client.',
    examples: ['the document has no paths, only 2 webhook operation(s); no resources are generated (at #/paths)'],
  },
  RSL_OPERATION_ID_MISSING: {
    section: 'Normalizing the contract',
    severity: '`info`',
    what: 'An operation has no `operationId`.',
    why: 'Names of CRUD, search, summary, action and download operations do not need one; other operations get a name derived from method and path, which changes when the path changes.',
    fix: 'Add an `operationId` to control the generated name.',
    examples: ['operation has no operationId; names are derived from method and path (at GET /health)'],
  },
  RSL_OPERATION_ID_DUPLICATE: {
    section: 'Normalizing the contract',
    severity: '`warning`',
    what: 'Two operations share an `operationId`, which OpenAPI forbids.',
    why: 'Other tools reading the contract may merge or drop one of them. reslayer keeps generated names distinct anyway.',
    fix: 'Make the `operationId`s unique.',
    examples: ['operationId "getItem" is also used by GET /items/{id} (at GET /things/{id})'],
  },
  RSL_PATH_PARAM_UNDECLARED: {
    section: 'Normalizing the contract',
    severity: '`warning`',
    what: 'A `{parameter}` of the path template is not declared as a path parameter on the path item or the operation.',
    why: 'Its type is unknown, so it is typed as `string`, and the contract is invalid for other tools.',
    fix: 'Declare `{ name: contactId, in: path, required: true, schema: … }`.',
    examples: ['path parameter "contactId" is not declared; it is typed as string (at GET /contacts/{contactId})'],
  },
  RSL_SCHEMA_UNSUPPORTED: {
    section: 'Normalizing the contract',
    severity: '`warning`',
    what: 'A schema construct cannot be represented and was typed as `unknown` (for example an unknown `type` such as `file`).',
    why: 'Code using that value gets no type checking, and mocks produce no realistic value for it.',
    fix: 'Use one of `string`, `number`, `integer`, `boolean`, `array`, `object`, `null` (a file is `type: string, format: binary`).',
    examples: ['unknown schema type "file" is typed as unknown (at #/components/schemas/Upload)'],
  },
  RSL_ALLOF_CONFLICT: {
    section: 'Normalizing the contract',
    severity: '`warning`',
    what: 'Two members of an `allOf` declare the same property with types no value satisfies at once: different kinds (a number and a string, an object and a boolean) or literal sets that do not overlap.',
    why: 'A plain intersection would make the property, and so the whole type, `never`: every value would be rejected. The generated type lets the later member win (`Omit<Earlier, \'prop\'> & Later`); types that are merely narrower (`string` and `\'a\' | \'b\'`) or two objects are not conflicts.',
    fix: 'Make the members agree (declare the property once, or with a compatible type); when the later member is meant to replace the parent\'s property, keep it: the generated type already does.',
    examples: ['allOf of "Cat" declares "huntingSkill" as 0 | 1 | 2 in Pet and as \'clueless\' | \'lazy\' in member 2; no value is both, so the later one is used (at #/components/schemas/Cat)'],
  },
  RSL_NO_SUCCESS_RESPONSE: {
    section: 'Normalizing the contract',
    severity: 'reserved; no part of this version raises it',
    what: 'An operation declares no success (`2XX`) response.',
    why: 'Clients then type the response from the `default` response, or as empty.',
    fix: 'Add the `2XX` response the operation returns.',
    examples: ['operation declares no success (2XX) response (at POST /contacts; illustrative)'],
  },
  RSL_RESOURCE_PARTIAL: {
    section: 'Resource detection',
    severity: '`info`',
    what: 'A CRUD resource misses some of the five CRUD operations. The record\'s `missingOperations` lists the absent ones in the order `list, read, create, update, delete`; `inspect` shows them.',
    why: 'The resource is still detected and generated with the operations it has. Without both list and read it is no "CRUD candidate", so the mocks keep no store for it and forms or tables may lack data.',
    fix: 'Nothing is wrong if the API is meant to be partial. Otherwise add the missing operations.',
    examples: ['resource "uploads" is a partial CRUD resource; missing: list, read, update (at DELETE /uploads/{uploadId})'],
  },
  RSL_RESOURCE_RENAMED: {
    section: 'Resource detection',
    severity: '`info`',
    what: 'Two resources would have the same name (compared without regard to case, as file systems may), so one was named with more of the contract\'s own words: more path segments, then its tag, its last path parameter, its operations\' shared noun or operationId; a numeric suffix only as a last resort.',
    why: 'Generated names and folders must be unique, on case-insensitive file systems too. Names never depend on the order of the contract, but adding a colliding path later renames a resource.',
    fix: 'Nothing is needed; the names are deterministic. To choose a name yourself, use `overrides.resources` in the config (see docs/naming.md).',
    examples: ['resource "members" at /teams/{team}/members is named "teamsMembers" to keep names distinct (at GET /teams/{team}/members)'],
  },
  RSL_MODEL_WEAK: {
    section: 'Resource detection',
    severity: '`warning`',
    what: 'Of the operations whose CRUD role the paths alone make plain (a path `P` with an item path `P/{x}` beside it: `GET P` list, `POST P` create, `GET P/{x}` read, `PUT|PATCH P/{x}` update, `DELETE P/{x}` delete), fewer than half got that role. Contracts with fewer than 5 such operations are not judged.',
    why: 'Cache effects, optimistic helpers, infinite queries and the mocks\' store hang on roles: where roles are missed, the generated layer falls back to plain queries and mutations that invalidate the whole resource.',
    fix: 'Run `reslayer inspect --operations` to read each operation\'s reason, then give roles in the config with `overrides.operations.<operationId>.role` (`list`, `read`, `create`, `update`, `delete`, `action` or `other`).',
    examples: ['only 2 of 26 operations whose CRUD role the paths make plain got it (e.g. GET /dialogs as list, POST /dialogs as create, GET /dialogs/{id} as read)'],
  },
  RSL_OVERRIDE_INVALID: {
    section: 'Resource detection',
    severity: '`error` (the run stops with `RSL_CONFIG_INVALID`, exit code 2)',
    what: 'An entry of the config\'s `overrides` matches no detected resource or operationId, or gives a name another resource or method already has.',
    why: 'An override that matches nothing is almost always a typo or a renamed operation in the contract; applying nothing silently would leave the names you meant to fix.',
    fix: 'Use a name `reslayer inspect` shows (resources) or an operationId of the contract (operations), and a name not taken yet.',
    examples: ['overrides.operations.listPetz matches no operationId (at generator.config.ts)'],
  },
  RSL_CONFIG_INVALID: {
    section: 'Configuration and plugins',
    severity: 'thrown',
    what: 'The config file is missing, fails to load (a syntax or import error), is empty, or is not a valid config; or a plugin\'s options are invalid; or an entry of `plugins` is not a plugin object. The message names the file and the field.',
    why: 'Without a valid config reslayer does not know the contract, the output or the plugins; nothing runs.',
    fix: 'Pass `--config <path>` (or run from a folder where `generator.config.ts`, `reslayer.config.ts` or a `reslayer` key in `package.json` is found); export `defineConfig({ input, output?, plugins, allowRemoteRefs? })` or an array of such configs; call each plugin factory (`pluginClient()`, not `pluginClient`); keep `output.srcDir` a relative folder inside the output root. `reslayer init` writes a working config.',
    examples: [
      '/home/dev/app/generator.config.ts: `plugins` must be an array of plugins, e.g. [pluginClient()]',
      'generator.config.ts: config file not found',
      'plugin-hooks: unknown adapter "vue" (supported: \'none\')',
      'a configured plugin is not a plugin object ({ name, apply }): undefined',
    ],
    hint: 'See "Config reference" in the README; `reslayer init` writes a working config.',
  },
  RSL_PLUGIN_MISSING_REQUIREMENT: {
    section: 'Configuration and plugins',
    severity: 'thrown, before any plugin runs',
    what: 'A plugin requires another plugin that is not configured.',
    why: 'The plugin builds on the other one\'s output (for example the hooks call the client), so it cannot run alone.',
    fix: 'Add the required plugin to `plugins`, or remove the plugin that needs it.',
    examples: ['plugin "plugin-hooks" requires plugin "plugin-client", which is not configured'],
    hint: 'Add the required plugin to `plugins`, or remove the plugin that needs it.',
  },
  RSL_PLUGIN_DUPLICATE: {
    section: 'Configuration and plugins',
    severity: 'thrown, before any plugin runs',
    what: 'Two configured plugins have the same name.',
    why: 'Both would emit the same files and their options would be ambiguous.',
    fix: 'Remove one of them.',
    examples: ['plugin "plugin-client" is configured twice'],
    hint: 'Remove one of the two plugins.',
  },
  RSL_PLUGIN_CYCLE: {
    section: 'Configuration and plugins',
    severity: 'thrown, before any plugin runs',
    what: 'Plugin requirements form a cycle; the message lists it.',
    why: 'Plugins run after the plugins they require, so a cycle has no order to run in.',
    fix: 'Break the cycle; a plugin should require only plugins whose output it uses.',
    examples: ['plugin requirements form a cycle: a → b → a'],
    hint: 'Break the cycle: a plugin should require only plugins whose output it uses.',
  },
  RSL_PLUGIN_FAILED: {
    section: 'Configuration and plugins',
    severity: 'thrown, as a `PluginError` with `plugin`, `hook` and `cause`',
    what: 'A plugin\'s tap threw (or rejected) while a hook ran. Core wraps the exception so the message names the plugin and the hook. See [hooks.md](hooks.md#errors).',
    why: 'The run stops and nothing is written, so the previous output stays as it was.',
    fix: 'A bug or an unsupported case in that plugin: report it to the plugin\'s authors, with the stack trace from `RESLAYER_DEBUG=1`. If the `cause` is itself a coded error (for example `RSL_FILE_CONFLICT`), fix that.',
    examples: ['plugin "plugin-routes" failed in hook "emit": Cannot read properties of undefined (reading \'entity\')'],
    hint: 'Run again with RESLAYER_DEBUG=1 for the stack trace, and report it to the plugin\'s authors.',
  },
  ...OUTPUT_EXPLANATIONS,
  ...GUARD_EXPLANATIONS,
  ...CLI_EXPLANATIONS,
};

/**
 * The explanation of a code, accepting it in any case and without the `RSL_` prefix.
 * @param code e.g. `RSL_INPUT_EMPTY`, `rsl_input_empty` or `input_empty`
 * @returns the code and its explanation, or undefined when there is no such code
 * @example
 * explainCode('input-empty')?.code; // 'RSL_INPUT_EMPTY'
 */
export function explainCode(code: string): { code: DiagnosticCode; explanation: Explanation } | undefined {
  let key = code.trim().toUpperCase().replace(/-/g, '_');
  if (!key.startsWith('RSL_')) key = `RSL_${key}`;
  if (!Object.hasOwn(DIAGNOSTIC_CODES, key)) return undefined;
  return { code: key as DiagnosticCode, explanation: DIAGNOSTIC_EXPLANATIONS[key as DiagnosticCode] };
}

/**
 * The hint a thrown error gets when the place that throws it gives none.
 * @param code the error's code
 */
export function defaultHint(code: DiagnosticCode): string | undefined {
  return DIAGNOSTIC_EXPLANATIONS[code]?.hint;
}

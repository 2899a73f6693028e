import type { DiagnosticCode } from './codes.js';
import type { Explanation } from './explanations.js';

/** The codes that keep a contract from elsewhere from reading, taking or writing more than it should (see docs/security.md). */
type GuardCode = Extract<
  DiagnosticCode,
  'RSL_INPUT_BINARY' | 'RSL_INPUT_DUPLICATE_KEY' | 'RSL_INPUT_TOO_LARGE' | 'RSL_INPUT_TOO_DEEP' | 'RSL_REF_OUTSIDE_ROOT' | 'RSL_PATH_RESERVED' | 'RSL_OUTPUT_ROOT_UNSAFE'
>;

/**
 * The explanations of the codes that guard a run against untrusted input (binary files, duplicate keys, size and
 * depth limits, `$ref`s outside the contract's folders, reserved names and output roots no run may own), part of
 * `DIAGNOSTIC_EXPLANATIONS`.
 */
export const GUARD_EXPLANATIONS: Readonly<Record<GuardCode, Explanation>> = {
  RSL_INPUT_BINARY: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` = `line:column` of the first binary byte when there is one',
    what: 'A contract file (the entry file or one a `$ref` names) is not UTF-8 text: it holds a NUL byte or bytes that are not UTF-8, or starts with a UTF-16 or UTF-32 byte-order mark. A UTF-8 byte-order mark is fine.',
    why: 'Such a file is an image, an archive or a file in another encoding, not a contract; its bytes are never printed.',
    fix: 'Point the input (or the `$ref`) at the YAML or JSON contract; save a contract in another encoding as UTF-8.',
    examples: ['api/openapi.json:1:20: the file is not UTF-8 text (it holds a NUL byte), so it is no contract'],
    hint: 'Point the input at the YAML or JSON contract; a contract in another encoding must be saved as UTF-8.',
  },
  RSL_INPUT_DUPLICATE_KEY: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` = `line:column` of the second key',
    what: 'A key is set twice in one YAML mapping or JSON object (for example the same path twice under `paths`). JSON keys compare as decoded: `"\\u0061"` is `"a"`.',
    why: 'Parsers disagree on which of the two wins (most keep the last one without a word), so one of the two definitions silently disappears: a path item, a schema, a property.',
    fix: 'Merge the two entries, or rename one of them.',
    examples: ['openapi.yaml:41:3: key "/pets" is already set in this mapping', 'openapi.json:12:5: key "title" is already set in this object at 10:5'],
    hint: 'Remove or rename one of the two keys: readers disagree on which one wins.',
  },
  RSL_INPUT_TOO_LARGE: {
    section: 'Loading the contract',
    severity: 'thrown',
    what: 'A contract file is larger than `maxInputSize` (64 MiB unless the config sets another), or its YAML aliases (`*name`) expand it past the larger of 2,000,000 objects and arrays and its length in characters (an "alias bomb"), or its `$ref`s lead a walk through more than four times that.',
    why: 'Every step of a run walks the whole document; a document that expands to billions of values would take hours and all the memory. A file over the size limit is not read at all.',
    fix: 'Raise `maxInputSize` (bytes) in generator.config.ts for a contract that really is that large; replace nested aliases by `$ref`s, which are not copies.',
    examples: ['api/huge.yaml: a file named by a $ref is 209715200 bytes, over the limit of 67108864 bytes', 'bomb.yaml: the document holds more than 2000000 objects and arrays once its YAML aliases are expanded (at #/x-i/0/0/0)'],
    hint: 'Raise `maxInputSize` in generator.config.ts for a contract meant to be this large; nest YAML aliases less.',
  },
  RSL_INPUT_TOO_DEEP: {
    section: 'Loading the contract',
    severity: 'thrown, with `location` = the JSON pointer where the limit is crossed (`line:column` when the YAML parser stops first)',
    what: 'The document nests deeper than 512 levels of objects and arrays, counting each internal `$ref` it follows as one more level (a `$ref` back into a schema already on the way ends the way: recursive schemas are fine).',
    why: 'The steps of a run walk schemas recursively; past a few thousand levels they would run out of stack. Real contracts stay far below: the deepest of the 2,639 in the APIs.guru directory reach 34 levels, and 191 following `$ref`s.',
    fix: 'Look at the named pointer: a generated part that nests without end, or a chain of `$ref`s (A refers to B, B to C, …) that goes on for hundreds of schemas.',
    examples: ['deep.json: #/components/schemas/Deep/properties/p/…/properties nests deeper than 512 levels of objects and arrays', 'chain.json: #/components/schemas/S0 nests deeper than 512 levels through its $ref "#/components/schemas/S1" and the $refs it leads to'],
    hint: 'A document may nest at most 512 levels, counting each $ref followed; real contracts stay far below.',
  },
  RSL_REF_OUTSIDE_ROOT: {
    section: 'Loading the contract',
    severity: 'thrown, before the named file is opened',
    what: "A `$ref` names a file outside the contract's folders: the folder of the entry file (and everything below it) and the folders the config lists in `refRoots`. Absolute paths, `file:` URLs, `..` segments and links that resolve outside all count.",
    why: 'A contract from elsewhere could otherwise read any file the user can (`/etc/passwd`, `~/.ssh/id_rsa`, a `.env` beside the project) and carry its text into generated code that gets committed. The file is not read; its content never appears in the message.',
    fix: "Keep the contract's files together under its folder, or add the shared folder to `refRoots` in generator.config.ts (paths relative to the config file).",
    examples: ["api/openapi.yaml: a $ref names /etc/passwd, which is outside the contract's folders (/home/dev/app/api)"],
    hint: "A $ref may only name files under the contract's folder; add the folder to `refRoots` in generator.config.ts if the contract really spans it.",
  },
  RSL_PATH_RESERVED: {
    section: 'Output',
    severity: 'thrown by `FileSet.add` (a plugin that emits such a path fails with `RSL_PLUGIN_FAILED`, this message as its cause)',
    what: 'A plugin emitted a path with a segment that starts with `.reslayer` (in any case): the names reslayer keeps for its own files in and beside the output root (`.reslayer-manifest.json`, `.reslayer-cache.json`, `.reslayer-journal`, `.reslayer-staging`, `.reslayer-spare`, `.reslayer-previous`, `.reslayer-backup`, `.reslayer-tmp`).',
    why: 'A generated file there would overwrite the manifest or the cache, or be swept away by the writer, and the next run would delete or keep the wrong files.',
    fix: 'Give the plugin another output path.',
    examples: ['generated path ".reslayer-spare/x.ts" uses a name reserved for reslayer\'s own files (.reslayer-*)'],
    hint: "Give the plugin's file another name: `.reslayer*` names are reslayer's own.",
  },
  RSL_OUTPUT_ROOT_UNSAFE: {
    section: 'Output',
    severity: 'thrown when the config is resolved, before any command reads or writes anything',
    what: "The output root is a folder no run may own: the file system's root, the home folder or a folder that holds it, or a folder that holds the config file or the contract (links resolved).",
    why: 'A run owns its output root: it swaps the whole folder for the new generation and removes what it no longer generates. Given the home folder or the project, it would move every file in it.',
    fix: 'Give `--output` (or `output` in the config) a folder of its own, e.g. `./src/api/generated`.',
    examples: ['the output root /home/dev is the home folder', 'the output root /home/dev/app holds the contract /home/dev/app/openapi.yaml'],
    hint: 'Give the output its own folder, e.g. ./src/api/generated: a run replaces everything in its output root.',
  },
};

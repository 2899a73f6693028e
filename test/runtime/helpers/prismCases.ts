// The cases of the Prism run (test/runtime/prism.test.ts): the contracts, the known bugs, the operations left
// out and the calls that need a workaround for a Prism limitation, each with its reason.
import path from 'node:path';
import { corpusSpec } from '../../helpers/corpus.js';
import { fixture, ROOT } from '../../helpers/paths.js';
import type { SampleMode } from './sample.js';

export interface RuntimeCase {
  /** Case name, also the `.runtime-out/<name>` folder. */
  name: string;
  /** Absolute path of the contract, or undefined when its corpus entry is absent. */
  contract: string | undefined;
  /** Why the case is skipped, when it is. */
  skipReason?: string;
  /** The schema library of plugin-validators the layer is generated with; every call runs with `validate: 'both'`. */
  validators: 'zod' | 'valibot';
}

/** A contract of the corpus (fixtures/corpus, or RESLAYER_CORPUS), its entry file from corpus.json (not hard-coded). */
function corpusCase(name: string, validators: RuntimeCase['validators']): RuntimeCase {
  const spec = corpusSpec(name);
  return 'missing' in spec ? { name, contract: undefined, skipReason: spec.missing, validators } : { name, contract: spec.file, validators };
}

// Every case runs with plugin-validators' schemas registered and `validate: 'both'` (zod and valibot alternate):
// each request is checked against its schemas before it is sent, and each success body after it is read.
export const CASES: RuntimeCase[] = [
  { name: 'public-crm', contract: path.join(ROOT, 'examples/public-crm/openapi.yaml'), validators: 'zod' },
  corpusCase('swagger-petstore-v3', 'valibot'),
  corpusCase('realworld-conduit', 'zod'),
  // Multi-file contract (Prism resolves the relative $refs itself): multipart body with a binary field,
  // oneOf + discriminator payload, pattern-constrained path ids, a binary download.
  corpusCase('redocly-cafe-multifile', 'valibot'),
  // Path keys with a literal query (`?beta=true`) or a fragment (`#add_shared_link`), parameters named like
  // generated identifiers, path parameters typed by their schema, discriminated unions (test/fidelity.test.ts).
  { name: 'prism-fidelity-defects', contract: fixture('fidelity/defects.yaml'), validators: 'zod' },
];

/**
 * Generator or runtime bugs that make a valid call fail, keyed `<case> <METHOD path>`. The call's test asserts
 * the failure still happens: when a bug is fixed, its test fails until the entry is removed.
 */
export const KNOWN_BUGS: Readonly<Record<string, string>> = {};

/**
 * Operations left out, keyed `<case> <METHOD path>`, each with the reason (for example a media type Prism cannot
 * mock). Keep this to a minimum: every entry lowers the exercised count below 100 %.
 */
export const EXCLUDED: Readonly<Record<string, string>> = {
  'prism-fidelity-defects GET /cats/{catId}':
    'Cat is a contradicting allOf on purpose (Pet.huntingSkill is integer 0 | 1 | 2, the later member makes it a string ' +
    'enum; RSL_ALLOF_CONFLICT): no value satisfies both, so Prism cannot mock a valid answer and, with --errors, ' +
    'answers 500 for its own response violation. The request (GET /cats/tom) is valid; test/fidelity.test.ts checks the types.',
};

/**
 * Calls that need a test-side workaround for a Prism limitation (not a client bug), keyed `<case> <METHOD path>`,
 * with the reason. The operation still counts as exercised: the client sends the body it is given unchanged.
 */
export const PRISM_WORKAROUNDS: Readonly<Record<string, { reason: string; payloadMode: SampleMode }>> = {
  'redocly-cafe-multifile POST /menu': {
    reason:
      'Prism 5.16 drops readOnly properties from `required` in a request body, but not inside oneOf variants: the ' +
      'MenuItem payload (oneOf Beverage | Dessert, each allOf MenuBaseItem with required readOnly id, object, createdAt, ' +
      'updatedAt) is rejected without them. The payload keeps its readOnly properties (valid values; OpenAPI says they ' +
      'SHOULD NOT be sent, a server ignores them).',
    payloadMode: 'all',
  },
};

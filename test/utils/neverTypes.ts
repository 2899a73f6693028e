// Finds exported types of generated output that collapsed to `never` (a type alias, a union member or a property
// the checker finds assignable to `never`; members written as `never` on purpose are not reported). A typed
// re-export of scripts/lib/neverTypes.mjs, which scripts/corpus.mjs runs too: one finder for tests and corpus.
// Test-only: ts-morph is a root devDependency and stays off the `generate` path.
export {
  findNeverTypes,
  formatNeverFindings,
  loadGeneratedProject,
  neverTypesIn,
  type NeverFinding,
  type NeverTypesOptions,
} from '../../scripts/lib/neverTypes.mjs';

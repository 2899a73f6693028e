// The usage probe of generated output (the mocks' fixtures and the contract's examples assigned to the generated
// types): a typed re-export of scripts/lib/usageProbe.mjs, which scripts/corpus.mjs runs too.
export {
  loadContractValidator,
  locate,
  PROBE_FILE,
  PROBE_KINDS,
  probeErrors,
  tallyProbe,
  writeUsageProbe,
  type InvalidExample,
  type ProbeEntry,
  type ProbeKind,
  type ProbeTally,
  type UsageProbe,
  type ValidatorFactory,
} from '../../scripts/lib/usageProbe.mjs';

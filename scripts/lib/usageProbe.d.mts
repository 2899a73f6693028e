// Types of usageProbe.mjs (the usage probe of generated output: fixtures and contract examples assigned to the generated types).

/** What a probe assigns. */
export type ProbeKind = 'fixture' | 'request example' | 'response example';
export declare const PROBE_KINDS: readonly ProbeKind[];
/** The probe file, relative to the output root. */
export declare const PROBE_FILE: string;

/** One probe: one line of the probe file. */
export interface ProbeEntry {
  kind: ProbeKind;
  /** `METHOD path` of the operation. */
  operation: string;
  /** The fixture constant, or where the example was written (`example`, `examples/<name>`, `schema example`; responses prefixed with the status). */
  source: string;
  /** A fixture written `as unknown as` (the contract allows no value of its type). */
  cast: boolean;
  /** Paths of the example's properties the contract does not declare, left out before the probe. */
  undeclared?: string[];
  /** Line in the probe file. */
  line: number;
}

/** An example the contract's own schema rejects: not probed. */
export interface InvalidExample {
  kind: ProbeKind;
  operation: string;
  source: string;
  /** Valid but for readOnly properties (a request example the response view accepts). */
  readOnly: boolean;
  errors: string[];
}

/** A written probe. */
export interface UsageProbe {
  /** Absolute path of the probe file. */
  file: string;
  entries: ProbeEntry[];
  invalid: InvalidExample[];
  skipped: { nonJsonPayloads: number; payloadsWithoutExample: number; responsesWithoutExample: number; unserializable: number };
  /** Fixtures written `as unknown as`. */
  casts: number;
}

/** One compiler's verdict on a probe. */
export interface ProbeTally {
  byKind: Record<ProbeKind, { probed: number; failed: number; undeclared: number }>;
  failures: Array<ProbeEntry & { messages: string[] }>;
  /** Errors on lines that are no probe (imports): the probe itself is broken. */
  stray: string[];
}

/** A contract validator (test/runtime/mocks-helpers/schemas.ts `createContractValidator`). */
export type ValidatorFactory = (
  document: Record<string, unknown>,
  view: 'request' | 'response',
) => { validate(pointer: string, value: unknown): { valid: boolean; errors: Array<{ instancePath: string; message: string }> } };

export declare function loadContractValidator(): Promise<ValidatorFactory>;
export declare function writeUsageProbe(options: { contract: string; outDir: string; createValidator?: ValidatorFactory }): Promise<UsageProbe>;
export declare function probeErrors(output: string): Map<number, Array<{ code: string; column: number; messages: string[] }>>;
export declare function tallyProbe(probe: UsageProbe, output: string): ProbeTally;
/** Walks a local JSON pointer through a document, following `$ref`s (see probeExamples.mjs). */
export declare function locate(doc: unknown, pointer: string, active?: Set<string>): { node: unknown; pointer: string };

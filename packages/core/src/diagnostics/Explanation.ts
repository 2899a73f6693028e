/**
 * The shape of a code's explanation (see `explanations.ts`): what `reslayer explain <code>` prints and
 * `docs/diagnostics.md` shows.
 */

/** The part of the run a code belongs to: the sections of `docs/diagnostics.md`, in order. */
export const EXPLANATION_SECTIONS = ['Loading the contract', 'Normalizing the contract', 'Resource detection', 'Configuration and plugins', 'Output', 'Command line'] as const;

/** One of {@link EXPLANATION_SECTIONS}. */
export type ExplanationSection = (typeof EXPLANATION_SECTIONS)[number];

/**
 * What `reslayer explain <code>` prints and `docs/diagnostics.md` shows for one code. Text may use
 * Markdown backticks; the CLI prints it as is.
 */
export interface Explanation {
  /** Where in the run the code comes from. */
  section: ExplanationSection;
  /** How it is raised: `thrown` (a `GeneratorError`, exit code 2) or a diagnostic severity, with details. */
  severity: string;
  /** What happened. */
  what: string;
  /** Why it matters: what the run does about it, what goes wrong if it is left. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** Example messages. */
  examples: string[];
  /**
   * The hint a thrown error with this code gets when the place that throws it gives none (see
   * `GeneratorError`). Only for codes that are thrown.
   */
  hint?: string;
}

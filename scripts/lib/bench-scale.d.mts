// Types of bench-scale.mjs (`pnpm bench --only graph`: Microsoft Graph beta at three sizes).

/** One size's run: its operations, what the run gave, and each phase's CPU milliseconds. */
export interface GraphSize {
  label: string;
  operations: number;
  files: number | null;
  code: unknown;
  wallMs: number;
  cpuMs: number | null;
  rssKb: number | null;
  cpu: Record<string, number>;
}

/** Where the directory's copy of Graph beta is (`RESLAYER_GRAPH_BETA` overrides it). */
export const GRAPH_BETA: string;
/** The cuts measured besides the whole contract (operations). */
export const GRAPH_CUTS: number[];
/** The targets: the whole contract's wall time (ms) and peak RSS (KB), and the spread of a phase's CPU per operation. */
export const GRAPH_LIMITS: { wallMs: number; rssKb: number; spread: number };

/** A RESLAYER_PROFILE's CPU milliseconds by phase: `load`, `normalize`, `detect <plugin>`, `emit <plugin>`, `write`. */
export function phaseCpu(profile: { phases: Array<{ hook: string; plugin: string; cpuMs?: number }>; writeCpuMs?: number }): Record<string, number>;

/** Each phase's CPU per operation (µs) at every size, and its spread (largest ÷ smallest). */
export function perOperation(sizes: Array<{ operations: number; cpu: Record<string, number> }>): Array<{ phase: string; perOp: number[]; spread: number }>;

/** Generates each size once, fresh; `{ skipped }` when the contract is missing. */
export function benchGraph(o: { runOurs: (command: string, source: { contract: string; output: string }) => unknown; scratch: string; contract?: string }): { skipped: string } | { sizes: GraphSize[] };

/** Prints the table of CPU per operation and the PASS/FAIL rows. */
export function graphTargets(result: { skipped: string } | { sizes: GraphSize[] } | undefined, target: (name: string, measured: unknown, pass: unknown, detail: string) => string): void;

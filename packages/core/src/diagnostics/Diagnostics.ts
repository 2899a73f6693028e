import type { DiagnosticCode } from './codes.js';

/** Severity of a diagnostic. `error` fails `generate`; `warning` fails `lint --strict`. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * A finding about the contract or the configuration. Collected, never thrown.
 */
export interface Diagnostic {
  /** Stable code from {@link DIAGNOSTIC_CODES}. */
  code: DiagnosticCode;
  severity: Severity;
  /** One-sentence message. */
  message: string;
  /** Location: a JSON pointer (`#/paths/~1contacts/get`) or `METHOD path`. */
  location?: string;
  /** A hint on how to fix it. */
  hint?: string;
  /** Name of the plugin that raised it, if any. */
  plugin?: string;
}

/**
 * An ordered, de-duplicated collection of diagnostics.
 */
export class Diagnostics {
  readonly #items: Diagnostic[] = [];
  readonly #seen = new Set<string>();

  /** Adds a diagnostic unless an identical one (code, location, message) was already added. */
  add(diagnostic: Diagnostic): void {
    const key = `${diagnostic.code}\u0000${diagnostic.location ?? ''}\u0000${diagnostic.message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#items.push(diagnostic);
  }

  /** All diagnostics, sorted by severity (error first), code, then location. */
  list(): Diagnostic[] {
    const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
    return [...this.#items].sort(
      (a, b) =>
        rank[a.severity] - rank[b.severity] ||
        cmp(a.code, b.code) ||
        cmp(a.location ?? '', b.location ?? '') ||
        cmp(a.message, b.message),
    );
  }

  /** Count of diagnostics with the given severity. */
  count(severity: Severity): number {
    return this.#items.filter((d) => d.severity === severity).length;
  }

  /** True when at least one diagnostic has severity `error`. */
  hasErrors(): boolean {
    return this.#items.some((d) => d.severity === 'error');
  }
}

/** Code-unit string comparison (locale-independent, so output is the same on every machine). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Health score 0–100 of a contract and its generated output:
 * `max(0, 100 − 10 × errors − 2 × warnings − 5 × drift)`. Info diagnostics do not count.
 * A contract with no diagnostics and no drift scores 100.
 *
 * @param counts numbers of error and warning diagnostics and of drifted files
 * @returns an integer from 0 to 100
 */
export function healthScore(counts: { errors: number; warnings: number; drift: number }): number {
  return Math.max(0, 100 - HEALTH_POINTS.error * counts.errors - HEALTH_POINTS.warning * counts.warnings - HEALTH_POINTS.drift * counts.drift);
}

/** Points one finding costs in the health score (see {@link healthScore}). */
export const HEALTH_POINTS = { error: 10, warning: 2, drift: 5 } as const;

/** What lowers a health score: the findings of one code (or the drifted files), and the points they cost. */
export interface HealthDeduction {
  /** The diagnostic code (`RSL_MODEL_WEAK`), or `drift` for files that differ from what a run would generate. */
  code: string;
  /** `error` or `warning` for a diagnostic code; `drift` for drifted files. */
  kind: keyof typeof HEALTH_POINTS;
  /** How many diagnostics of that code and severity, or drifted files. */
  count: number;
  /** Points lost: `count × HEALTH_POINTS[kind]` (10 per error, 2 per warning, 5 per drifted file). */
  points: number;
}

/**
 * What lowers the health score, the largest deduction first (then by code): one entry per code and severity of
 * the error and warning diagnostics, and one for the drifted files. Their points add up to `100 − healthScore`
 * (before the floor at 0). Info diagnostics cost nothing and are not listed.
 * @param diagnostics the run's diagnostics
 * @param drift number of drifted files
 */
export function healthDeductions(diagnostics: ReadonlyArray<Pick<Diagnostic, 'code' | 'severity'>>, drift: number): HealthDeduction[] {
  const found = new Map<string, HealthDeduction>();
  for (const d of diagnostics) {
    if (d.severity === 'info') continue;
    const key = `${d.code} ${d.severity}`;
    const entry = found.get(key) ?? { code: d.code, kind: d.severity, count: 0, points: 0 };
    entry.count++;
    entry.points += HEALTH_POINTS[d.severity];
    found.set(key, entry);
  }
  const list = [...found.values()];
  if (drift > 0) list.push({ code: 'drift', kind: 'drift', count: drift, points: drift * HEALTH_POINTS.drift });
  return list.sort((a, b) => b.points - a.points || cmp(a.code, b.code) || cmp(a.kind, b.kind));
}

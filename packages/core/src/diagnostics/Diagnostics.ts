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
  return Math.max(0, 100 - 10 * counts.errors - 2 * counts.warnings - 5 * counts.drift);
}

// Types of runtime-checks.mjs (the pure logic of `pnpm corpus:runtime`).

/** One check's counts in a contract's tally. */
export interface CheckCount {
  passed: number;
  total: number;
  failures: string[];
}

/** A contract's tally. */
export interface Tally {
  checks: Record<string, CheckCount>;
  strings: number;
  placeholders: string[];
  record(check: string, ok: boolean, why?: string): void;
}

/** The pooled figures of a run. */
export interface Pooled {
  checks: Record<string, { passed: number; total: number; share: number }>;
  strings: number;
  placeholders: number;
}

/** A verdict with its reason when it fails. */
export interface Verdict {
  ok: boolean;
  why?: string;
}

export declare const CHECKS: ReadonlyArray<readonly [string, string]>;
export declare const TARGETS: Readonly<Record<string, number>>;
export declare function itemsOf(body: unknown, itemsProperty?: string | string[]): unknown[] | undefined;
export declare function norm(name: unknown): string;
export declare function keyProperty(item: unknown, param: string, example?: string | number): string | undefined;
export declare function entityOf(body: unknown, property: string, param?: string): Record<string, unknown> | undefined;
export declare function createdKey(body: unknown, keyProp: string | undefined, param: string): { prop: string; key: unknown } | undefined;
export declare function isScalar(value: unknown): value is string | number;
export declare function showing(json: unknown, key: string | number): string | undefined;
export declare function distinctKeys(keys: unknown[]): boolean;
export declare function pagingVerdict(first: string[], second: string[], ended: boolean): Verdict;
export declare function filterVerdict(all: unknown[], filtered: unknown[], property: string, value: unknown): Verdict;
export declare function isOrdered(items: unknown[], property: string, descending?: boolean): boolean;
export declare function placeholders(body: unknown): { strings: number; placeholders: string[] };
export declare function createTally(): Tally;
export declare function pool(rows: ReadonlyArray<{ checks?: Record<string, { passed: number; total: number }>; strings?: number; placeholders?: string[] }>): Pooled;
export declare function tableMarkdown(pooled: Pooled): string;
export declare function targetLines(pooled: Pooled): string[];
export declare function weakest(rows: ReadonlyArray<Record<string, unknown>>, n: number, least?: number): Array<{ id: string; failed: number; total: number; reason: string }>;

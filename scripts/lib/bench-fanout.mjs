// The `$ref` fan-out family for scripts/bench.mjs (`--only fanout`, docs/benchmark.md "Fan-out"): schema S_i has
// W required properties that all refer to S_{i+1}, for i < W, so a contract of a few kilobytes describes W^W
// values. Each W is generated fresh with the default plugins; the target is at most 5 s and 300 MB per run.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The widths measured (W × W). */
export const FAN_OUT_WIDTHS = [4, 6, 7, 8, 9, 10, 11, 12];
/** The target of each run: wall time (ms) and peak RSS (KB). */
export const FAN_OUT_LIMITS = { wallMs: 5_000, rssKb: 300 * 1024 };

/**
 * The W × W fan-out contract: one resource (`/things`, list, create, read) whose body is `S0`.
 * @param {number} w width and depth
 * @returns {string} the contract as JSON
 */
export function fanOutContract(w) {
  const schemas = {};
  for (let i = 0; i < w; i++) {
    const properties = {};
    for (let j = 0; j < w; j++) properties[`p${j}`] = i + 1 < w ? { $ref: `#/components/schemas/S${i + 1}` } : { type: 'string' };
    schemas[`S${i}`] = { type: 'object', required: Object.keys(properties), properties };
  }
  const json = (schema) => ({ 'application/json': { schema } });
  const s0 = { $ref: '#/components/schemas/S0' };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Fan-out', version: '1.0.0' },
    paths: {
      '/things': {
        get: { operationId: 'listThings', responses: { 200: { description: 'ok', content: json({ type: 'array', items: s0 }) } } },
        post: { operationId: 'createThing', requestBody: { required: true, content: json(s0) }, responses: { 201: { description: 'created', content: json(s0) } } },
      },
      '/things/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getThing', responses: { 200: { description: 'ok', content: json(s0) } } },
      },
    },
    components: { schemas },
  });
}

/** Total bytes of the files under a folder. */
function treeBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? treeBytes(p) : statSync(p).size;
  }
  return total;
}

/**
 * Generates each W × W contract once and measures it.
 * @param {{ cli: string, scratch: string, measure: Function, widths?: number[] }} o the built CLI, a scratch folder,
 *   bench.mjs's `measureProcess`, the widths
 * @returns {Array<{ w: number, contractBytes: number, code: unknown, wallMs: number, rssKb: number | null, outputBytes: number | null }>}
 */
export function benchFanOut({ cli, scratch, measure, widths = FAN_OUT_WIDTHS }) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  return widths.map((w) => {
    const contract = path.join(scratch, `fan-${w}.json`);
    const text = fanOutContract(w);
    writeFileSync(contract, text);
    const out = path.join(scratch, `out-${w}`);
    const r = measure(process.execPath, [cli, 'generate', contract, '--output', out], { timeoutS: 60 });
    const outputBytes = r.code === 0 || r.code === 1 ? treeBytes(out) : null;
    return { w, contractBytes: text.length, code: r.code, wallMs: r.wallMs, rssKb: r.rssKb, outputBytes };
  });
}

/**
 * The PASS/FAIL rows: each W × W within 5 s and 300 MB, and exit 0 or 1.
 * @param {ReturnType<typeof benchFanOut> | undefined} rows
 * @param {(name: string, measured: unknown, pass: unknown, detail: string) => string} target bench.mjs's `target`
 */
export function fanOutTargets(rows, target) {
  for (const r of rows ?? []) {
    const ok = r.code === 0 || r.code === 1;
    const mb = r.rssKb === null ? 'n/a' : `${(r.rssKb / 1024).toFixed(0)} MB`;
    const out = r.outputBytes === null ? 'no output' : `${(r.outputBytes / 1024 / 1024).toFixed(2)} MB written`;
    target(
      `$ref fan-out ${r.w} × ${r.w} (${(r.contractBytes / 1024).toFixed(1)} KB) generates in ≤ 5 s and ≤ 300 MB`,
      true,
      ok && r.wallMs <= FAN_OUT_LIMITS.wallMs && r.rssKb !== null && r.rssKb <= FAN_OUT_LIMITS.rssKb,
      `exit ${r.code}, ${(r.wallMs / 1000).toFixed(2)} s, ${mb}, ${out} (target ≤ 5.00 s, ≤ 300 MB)`,
    );
  }
}

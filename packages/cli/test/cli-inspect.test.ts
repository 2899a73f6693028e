// `inspect` is readable by default: a summary table within 120 columns (long names cut with an ellipsis) and the
// totals; `--operations` adds every operation with its role and why; `--json` keeps everything. The built CLI.
import path from 'node:path';
import { DEMO_CONTRACT, cleanup, runCli, runJson, tmpDir, write } from './helpers.js';

afterAll(cleanup);

const LONG = 'a-very-long-collection-segment-name-that-keeps-going-well-past-what-any-terminal-column-could-hold-items';

/** A contract whose resource and operation names are far longer than a line, with a partial CRUD resource. */
function longNames(): string {
  const ops = (n: number) => `      operationId: list${'VeryLongOperationIdentifier'.repeat(n)}\n      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: object } } } } } }`;
  return write(
    path.join(tmpDir(), 'long.yaml'),
    `openapi: 3.0.3\ninfo: { title: ${'Long Title '.repeat(15)}, version: '1' }\npaths:\n  /${LONG}:\n    get:\n${ops(6)}\n  /${LONG}-others/{id}:\n    delete: { operationId: deleteOther, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '204': { description: ok } } }\n`,
  );
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

test('the summary: one row per resource with kind, operations, roles and missing operations; no line over 120', () => {
  const run = runCli(['inspect', longNames()]);
  expect(run.status).toBe(0);
  expect(widest(run.stdout)).toBeLessThanOrEqual(120);
  expect(run.stdout).toMatch(/^Resource\s+Kind\s+Ops\s+Roles\s+Missing$/m);
  // Names cut in the middle, so two that differ only at their end stay apart.
  expect(run.stdout).toMatch(/^a\S*…\S+Others\s+crud\s+1\s+delete\s+list, read, create, update$/m);
  const names = run.stdout.split('\n').filter((l) => /^a\S*…/.test(l)).map((l) => l.split(/\s+/)[0]);
  expect(new Set(names).size).toBe(2);
  expect(run.stdout).toContain('…');
  expect(run.stdout).not.toContain('VeryLongOperationIdentifier');
  expect(run.stdout).toContain('Add --operations');
});

test('--operations adds each operation, its role and why, still within 120 columns', () => {
  const run = runCli(['inspect', longNames(), '--operations']);
  expect(run.status).toBe(0);
  expect(widest(run.stdout)).toBeLessThanOrEqual(120);
  expect(run.stdout).toContain(`GET /${LONG}`);
  expect(run.stdout).toMatch(/^ {6}(list|other): GET on collection/m);
  const demo = runCli(['inspect', DEMO_CONTRACT, '--operations']).stdout;
  expect(demo).toContain('  contacts.listContacts  GET /api/v1/contacts  (list)');
  expect(demo).toContain('      list: GET on collection /api/v1/contacts; operationId listContacts agrees');
});

test('--json is unchanged: every record with its operations, names and reasons', () => {
  const { status, json } = runJson<{ resources: Array<{ resource: string; operations: Array<{ name: string; reason: string | null }> }> }>(['inspect', longNames()]);
  expect(status).toBe(0);
  expect(json.resources.map((r) => r.resource).sort()).toHaveLength(2);
  const names = json.resources.flatMap((r) => r.operations.map((o) => o.name));
  // Whole names, never cut: the longest is longer than the table's column.
  expect(names.some((n) => n.length > 70 && !n.includes('…'))).toBe(true);
  expect(json.resources.flatMap((r) => r.operations).every((o) => typeof o.reason === 'string')).toBe(true);
});

// `check` names what lowers the health score (the built CLI: `pnpm build` first): the largest deductions with
// their codes in the text, --json, and the html, json and markdown reports; their points add up to 100 − score.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, runCli, runJson, tmpDir, write } from './helpers.js';

afterAll(cleanup);

interface Deduction {
  code: string;
  kind: string;
  count: number;
  points: number;
}

/** A contract with warnings (an undeclared path parameter, two stateless mocks), generated, one file then edited. */
function lowered(): { cwd: string } {
  const cwd = tmpDir();
  write(
    path.join(cwd, 'c.yaml'),
    `openapi: 3.0.3\ninfo: { title: H, version: '1' }\npaths:\n  /things:\n    get: { responses: { '200': { description: ok } } }\n  /things/{id}:\n    get: { operationId: getThing, responses: { '200': { description: ok } } }\n`,
  );
  expect(runCli(['generate', 'c.yaml', '--output', 'out'], cwd).status).toBe(0);
  appendFileSync(path.join(cwd, 'out/src/features/things/model/things.config.ts'), '// edited\n');
  return { cwd };
}

const WANT: Deduction[] = [
  { code: 'drift', kind: 'drift', count: 1, points: 5 },
  { code: 'RSL_MOCK_STATELESS', kind: 'warning', count: 2, points: 4 },
  { code: 'RSL_PATH_PARAM_UNDECLARED', kind: 'warning', count: 1, points: 2 },
];

describe('check: what lowers the health score', () => {
  test('--json lists every deduction, largest first, adding up to 100 − score', () => {
    const { cwd } = lowered();
    const run = runJson<{ healthScore: number; deductions: Deduction[] }>(['check', 'c.yaml', '--output', 'out'], cwd);
    expect(run.json.deductions).toEqual(WANT);
    expect(run.json.healthScore).toBe(100 - WANT.reduce((n, d) => n + d.points, 0));
  });

  test('the text names each code with its points and findings', () => {
    const { cwd } = lowered();
    const run = runCli(['check', 'c.yaml', '--output', 'out'], cwd);
    expect(run.stdout).toMatch(/health score\s+89/);
    const block = run.stdout.slice(run.stdout.indexOf('Health score lowered by:'));
    expect(block.split('\n').slice(1, 4).map((l) => l.trim().split(/\s+/))).toEqual([
      ['−5', 'drift', '1', 'drifted', 'file'],
      ['−4', 'RSL_MOCK_STATELESS', '2', 'warnings'],
      ['−2', 'RSL_PATH_PARAM_UNDECLARED', '1', 'warning'],
    ]);
  });

  test('the html, json and markdown reports carry them too', () => {
    const { cwd } = lowered();
    const report = (format: string) => {
      const file = path.join(cwd, `report.${format}`);
      runCli(['check', 'c.yaml', '--output', 'out', '--report', format, '--report-file', file], cwd);
      return readFileSync(file, 'utf8');
    };
    const html = report('html');
    expect(html).toContain('<h3>Health score lowered by</h3>');
    expect(html).toContain('<tr><td><code>RSL_MOCK_STATELESS</code></td><td>2 warnings</td><td class="num">−4</td></tr>');
    expect(html.indexOf('<code>drift</code>')).toBeLessThan(html.indexOf('<code>RSL_PATH_PARAM_UNDECLARED</code>'));
    expect((JSON.parse(report('json')) as { deductions: Deduction[] }).deductions).toEqual(WANT);
    expect(report('markdown')).toContain('Health score lowered by:\n\n- −5 `drift` (1 drifted file)\n- −4 `RSL_MOCK_STATELESS` (2 warnings)\n- −2 `RSL_PATH_PARAM_UNDECLARED` (1 warning)\n');
  });

  test('a clean check lists none', () => {
    const cwd = tmpDir();
    write(path.join(cwd, 'c.yaml'), `openapi: 3.0.3\ninfo: { title: H, version: '1' }\npaths:\n  /things/{id}:\n    get: { operationId: getThing, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '200': { description: ok, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } } } }\n`);
    expect(runCli(['generate', 'c.yaml', '--output', 'out'], cwd).status).toBe(0);
    const run = runJson<{ healthScore: number; deductions: Deduction[] }>(['check', 'c.yaml', '--output', 'out'], cwd);
    expect(run.json).toMatchObject({ healthScore: 100, deductions: [] });
    expect(runCli(['check', 'c.yaml', '--output', 'out'], cwd).stdout).not.toContain('lowered by');
  });
});

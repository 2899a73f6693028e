// holdNewSpace in a fresh Node process (its new space starts small): once held, churn that would grow the young
// generation leaves it at the size it had. Node runs the TypeScript source directly (type stripping, Node ≥ 22.18).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './helpers.js';

const SOURCE = pathToFileURL(path.join(REPO_ROOT, 'packages/cli/src/runners/newSpace.ts')).href;

/** The new space's size (bytes) when held (or not) at 8 MiB, and after churn that keeps many objects alive. */
function sizes(hold: boolean): { held: number; after: number } {
  const script = `
    import v8 from 'node:v8';
    const { holdNewSpace, HOLD_NEW_SPACE_MIB } = await import(${JSON.stringify(SOURCE)});
    const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    let keep = [];
    const churn = (n) => { for (let i = 0; i < n; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 300000) keep = []; } };
    while (size() < HOLD_NEW_SPACE_MIB * 1048576) churn(100000);
    if (${hold}) holdNewSpace();
    const held = size();
    churn(4000000);
    process.stdout.write(JSON.stringify({ held, after: size() }));`;
  const run = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { held: number; after: number };
}

describe('holdNewSpace', () => {
  it('keeps the young generation at the size it reached; without it the same churn grows it', () => {
    const held = sizes(true);
    expect(held.held).toBeGreaterThanOrEqual(8 * 1048576);
    expect(held.after).toBe(held.held);
    const free = sizes(false);
    expect(free.after).toBeGreaterThan(free.held);
  });
});

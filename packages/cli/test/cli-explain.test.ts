// `reslayer explain` (the built CLI: `pnpm build` first): every diagnostic and error code of core; the contract
// change codes of `reslayer diff` are covered in cli-diff.test.ts.
import { DIAGNOSTIC_CODES } from '@reslayer/core/host';
import { cleanup, runCli, runJson } from './helpers.js';

afterAll(cleanup);

describe('reslayer explain', () => {
  test.each(Object.keys(DIAGNOSTIC_CODES))('%s: what happened, why it matters, how to fix it', (code) => {
    const run = runCli(['explain', code]);
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith(`${code}: `)).toBe(true);
    for (const part of ['What happened', 'Why it matters', 'How to fix it']) expect(run.stdout).toContain(part);
  });

  test('accepts lower case without the prefix; lists every code without one; suggests on a typo', () => {
    expect(runCli(['explain', 'resource_partial']).stdout).toMatch(/^RSL_RESOURCE_PARTIAL: /);
    const list = runCli(['explain']);
    expect(list.status).toBe(0);
    for (const code of Object.keys(DIAGNOSTIC_CODES)) expect(list.stdout).toContain(code);
    const typo = runCli(['explain', 'RSL_INPUT_EMTPY']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('Did you mean RSL_INPUT_EMPTY');
    expect(runJson<{ code: string; what: string; why: string; fix: string }>(['explain', 'RSL_WRITE_FAILED']).json).toMatchObject({ code: 'RSL_WRITE_FAILED', what: expect.any(String), why: expect.any(String), fix: expect.any(String) });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes.js';
import { DIAGNOSTIC_EXPLANATIONS, EXPLANATION_SECTIONS, defaultHint, explainCode } from './explanations.js';
import { renderDiagnosticsDoc } from './diagnosticsDoc.js';
import { GeneratorError } from './GeneratorError.js';
import { REPO_ROOT } from '../../test/paths.js';

const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

describe('diagnostic explanations', () => {
  it.each(codes)('%s has a section, a severity, what happened, why it matters, how to fix it and an example', (code) => {
    const e = DIAGNOSTIC_EXPLANATIONS[code];
    expect(EXPLANATION_SECTIONS).toContain(e.section);
    expect(e.severity.trim()).not.toBe('');
    for (const part of [e.what, e.why, e.fix]) expect(part.trim().length).toBeGreaterThan(10);
    expect(e.examples.length).toBeGreaterThan(0);
    if (e.severity.startsWith('thrown')) expect(e.hint).toBeTruthy();
  });

  it('explains no code that is not in the catalogue', () => {
    expect(Object.keys(DIAGNOSTIC_EXPLANATIONS).sort()).toEqual([...codes].sort());
  });

  it('explainCode accepts a code in any case, with or without the prefix', () => {
    expect(explainCode('RSL_INPUT_EMPTY')?.code).toBe('RSL_INPUT_EMPTY');
    expect(explainCode('rsl_input_empty')?.code).toBe('RSL_INPUT_EMPTY');
    expect(explainCode('input-empty')?.code).toBe('RSL_INPUT_EMPTY');
    expect(explainCode('RSL_NOPE')).toBeUndefined();
    expect(explainCode('toString')).toBeUndefined();
  });

  it('a thrown error without a hint gets its code\'s default hint; a given hint wins', () => {
    expect(new GeneratorError('RSL_INPUT_EMPTY', 'x').hint).toBe(defaultHint('RSL_INPUT_EMPTY'));
    expect(new GeneratorError('RSL_UNSUPPORTED_VERSION', 'x').hint).toMatch(/3\.1/);
    expect(new GeneratorError('RSL_WRITE_FAILED', 'x').hint).toMatch(/permissions/);
    expect(new GeneratorError('RSL_INPUT_EMPTY', 'x', { hint: 'mine' }).hint).toBe('mine');
  });
});

describe('docs/diagnostics.md', () => {
  const committed = readFileSync(path.join(REPO_ROOT, 'docs/diagnostics.md'), 'utf8');

  it('is the generated one (run `node scripts/docs-diagnostics.mjs` after editing explanations.ts)', () => {
    expect(committed).toBe(renderDiagnosticsDoc());
  });

  it.each(codes)('has an entry for %s with what happened, why it matters and how to fix it', (code) => {
    const start = committed.indexOf(`### \`${code}\``);
    expect(start).toBeGreaterThan(0);
    const next = committed.indexOf('\n### ', start + 1);
    const entry = committed.slice(start, next === -1 ? undefined : next);
    for (const part of ['**What happened:**', '**Why it matters:**', '**How to fix it:**']) expect(entry).toContain(part);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Diagnostics, healthDeductions, healthScore, cmp, type Diagnostic } from './Diagnostics.js';
import { DIAGNOSTIC_CODES } from './codes.js';
import { GeneratorError, PluginError } from './GeneratorError.js';
import { REPO_ROOT } from '../../test/paths.js';

describe('healthScore', () => {
  const cases: Array<[string, { given: { errors: number; warnings: number; drift: number }; want: number }]> = [
    ['clean', { given: { errors: 0, warnings: 0, drift: 0 }, want: 100 }],
    ['one error costs 10', { given: { errors: 1, warnings: 0, drift: 0 }, want: 90 }],
    ['one warning costs 2', { given: { errors: 0, warnings: 1, drift: 0 }, want: 98 }],
    ['one drifted file costs 5', { given: { errors: 0, warnings: 0, drift: 1 }, want: 95 }],
    ['mixed', { given: { errors: 1, warnings: 2, drift: 3 }, want: 71 }],
    ['exactly zero', { given: { errors: 10, warnings: 0, drift: 0 }, want: 0 }],
    ['never below zero', { given: { errors: 20, warnings: 50, drift: 100 }, want: 0 }],
    ['warnings alone can reach zero', { given: { errors: 0, warnings: 51, drift: 0 }, want: 0 }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(healthScore(given)).toBe(want);
  });

  it('is an integer from 0 to 100 for any counts', () => {
    for (let errors = 0; errors < 12; errors++)
      for (let warnings = 0; warnings < 12; warnings++)
        for (let drift = 0; drift < 12; drift++) {
          const score = healthScore({ errors, warnings, drift });
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        }
  });
});

describe('healthDeductions', () => {
  const d = (code: Diagnostic['code'], severity: Diagnostic['severity']) => ({ code, severity });

  it('one entry per code and severity plus the drift, largest first, info left out', () => {
    const list = [d('RSL_MODEL_WEAK', 'warning'), d('RSL_REF_UNRESOLVED', 'error'), d('RSL_MODEL_WEAK', 'warning'), d('RSL_MODEL_WEAK', 'warning'), d('RSL_OPERATION_ID_MISSING', 'info'), d('RSL_MODEL_WEAK', 'error')];
    expect(healthDeductions(list, 3)).toEqual([
      { code: 'drift', kind: 'drift', count: 3, points: 15 },
      { code: 'RSL_MODEL_WEAK', kind: 'error', count: 1, points: 10 },
      { code: 'RSL_REF_UNRESOLVED', kind: 'error', count: 1, points: 10 },
      { code: 'RSL_MODEL_WEAK', kind: 'warning', count: 3, points: 6 },
    ]);
    expect(healthDeductions([d('RSL_OPERATION_ID_MISSING', 'info')], 0)).toEqual([]);
  });

  it('adds up to 100 − healthScore above the floor', () => {
    const list = [...Array(4)].map(() => d('RSL_SCHEMA_UNSUPPORTED', 'warning')).concat([d('RSL_NO_PATHS', 'error')]);
    const lost = healthDeductions(list, 2).reduce((n, x) => n + x.points, 0);
    expect(lost).toBe(100 - healthScore({ errors: 1, warnings: 4, drift: 2 }));
  });
});

describe('Diagnostics', () => {
  const d = (code: Diagnostic['code'], severity: Diagnostic['severity'], location: string, message = 'm'): Diagnostic => ({ code, severity, location, message });

  it('lists by severity (error, warning, info), then code, location and message', () => {
    const list = new Diagnostics();
    list.add(d('RSL_OPERATION_ID_MISSING', 'info', 'GET /b'));
    list.add(d('RSL_SCHEMA_UNSUPPORTED', 'warning', '#/b'));
    list.add(d('RSL_REF_UNRESOLVED', 'error', '#/z'));
    list.add(d('RSL_OPERATION_ID_MISSING', 'info', 'GET /a'));
    list.add(d('RSL_PATH_PARAM_UNDECLARED', 'warning', 'GET /x'));
    list.add(d('RSL_REF_UNRESOLVED', 'error', '#/a', 'second'));
    list.add(d('RSL_REF_UNRESOLVED', 'error', '#/a', 'first'));
    expect(list.list().map((x) => `${x.severity} ${x.code} ${x.location ?? ''} ${x.message}`)).toEqual([
      'error RSL_REF_UNRESOLVED #/a first',
      'error RSL_REF_UNRESOLVED #/a second',
      'error RSL_REF_UNRESOLVED #/z m',
      'warning RSL_PATH_PARAM_UNDECLARED GET /x m',
      'warning RSL_SCHEMA_UNSUPPORTED #/b m',
      'info RSL_OPERATION_ID_MISSING GET /a m',
      'info RSL_OPERATION_ID_MISSING GET /b m',
    ]);
  });

  it('drops an identical diagnostic (same code, location and message)', () => {
    const list = new Diagnostics();
    list.add(d('RSL_NO_PATHS', 'info', '#/paths'));
    list.add({ ...d('RSL_NO_PATHS', 'info', '#/paths'), hint: 'other hint' });
    list.add(d('RSL_NO_PATHS', 'info', '#/paths', 'different'));
    expect(list.list()).toHaveLength(2);
  });

  it('counts by severity and knows whether there are errors', () => {
    const list = new Diagnostics();
    expect(list.hasErrors()).toBe(false);
    list.add(d('RSL_SCHEMA_UNSUPPORTED', 'warning', '#/a'));
    list.add(d('RSL_SCHEMA_UNSUPPORTED', 'warning', '#/b'));
    expect(list.hasErrors()).toBe(false);
    list.add(d('RSL_REF_UNRESOLVED', 'error', '#/c'));
    expect([list.count('error'), list.count('warning'), list.count('info')]).toEqual([1, 2, 0]);
    expect(list.hasErrors()).toBe(true);
  });

  it('list() returns a copy', () => {
    const list = new Diagnostics();
    list.add(d('RSL_NO_PATHS', 'info', '#/paths'));
    list.list().pop();
    expect(list.list()).toHaveLength(1);
  });
});

describe('cmp', () => {
  it('compares by code unit, not locale (upper case before lower case)', () => {
    expect(['b', 'a', 'B', 'ä', 'A'].sort(cmp)).toEqual(['A', 'B', 'a', 'b', 'ä']);
    expect(cmp('x', 'x')).toBe(0);
  });
});

describe('GeneratorError and PluginError', () => {
  it('GeneratorError carries code, file, location, hint and cause', () => {
    const cause = new Error('root');
    const error = new GeneratorError('RSL_INPUT_SYNTAX', 'bad', { file: 'a.yaml', location: '1:2', hint: 'fix it', cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message, error.file, error.location, error.hint, error.cause]).toEqual(['GeneratorError', 'RSL_INPUT_SYNTAX', 'bad', 'a.yaml', '1:2', 'fix it', cause]);
    expect('cause' in new GeneratorError('RSL_INPUT_EMPTY', 'x')).toBe(false);
  });

  it('PluginError names plugin and hook and has code RSL_PLUGIN_FAILED', () => {
    const error = new PluginError('plugin-x', 'emit', new TypeError('nope'));
    expect([error.name, error.code, error.plugin, error.hook, error.message]).toEqual(['PluginError', 'RSL_PLUGIN_FAILED', 'plugin-x', 'emit', 'plugin "plugin-x" failed in hook "emit": nope']);
    expect(error).toBeInstanceOf(GeneratorError);
  });
});

describe('the code catalogue', () => {
  const codes = Object.keys(DIAGNOSTIC_CODES);

  it('every code has the RSL_ prefix and a one-line doc', () => {
    for (const code of codes) {
      expect(code).toMatch(/^RSL_[A-Z0-9_]+$/);
      expect(DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES]).toMatch(/^[A-Z$].*\.$/);
    }
  });

  it('docs/diagnostics.md has one entry per code, and no entry for an unknown code', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/diagnostics.md'), 'utf8');
    const headings = [...doc.matchAll(/^### `(RSL_[A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect([...headings].sort()).toEqual([...codes].sort());
  });
});

import { orderPlugins } from './applyPlugins.js';
import { definePlugin, type Plugin } from './definePlugin.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import type { DiagnosticCode } from '../diagnostics/codes.js';

const plugin = (name: string, requires: string[] = []): Plugin => definePlugin({ name, requires, apply: () => undefined });

/** Calls orderPlugins and returns the GeneratorError it throws. */
function orderError(plugins: readonly unknown[]): GeneratorError {
  try {
    orderPlugins(plugins as Plugin[]);
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return error as GeneratorError;
  }
  throw new Error('orderPlugins did not throw');
}

describe('orderPlugins: apply order', () => {
  const cases: Array<[string, { given: Plugin[]; want: string[] }]> = [
    ['no plugins', { given: [], want: [] }],
    ['independent plugins sort by name', { given: [plugin('zeta'), plugin('alpha'), plugin('mid')], want: ['alpha', 'mid', 'zeta'] }],
    ['a requirement comes first even when its name sorts later', { given: [plugin('alpha', ['zeta']), plugin('zeta')], want: ['zeta', 'alpha'] }],
    [
      'client → hooks, mocks, config-meta',
      {
        given: [plugin('plugin-mocks', ['plugin-client']), plugin('plugin-config-meta', ['plugin-client']), plugin('plugin-hooks', ['plugin-client']), plugin('plugin-client')],
        want: ['plugin-client', 'plugin-config-meta', 'plugin-hooks', 'plugin-mocks'],
      },
    ],
    ['a chain', { given: [plugin('a', ['b']), plugin('b', ['c']), plugin('c')], want: ['c', 'b', 'a'] }],
    ['a diamond', { given: [plugin('d', ['b', 'c']), plugin('c', ['a']), plugin('b', ['a']), plugin('a')], want: ['a', 'b', 'c', 'd'] }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(orderPlugins(given).map((p) => p.name)).toEqual(want);
  });

  it.each(cases)('%s: the order does not depend on the plugins array', (_name, { given, want }) => {
    expect(orderPlugins([...given].reverse()).map((p) => p.name)).toEqual(want);
  });

  it('returns the plugin objects themselves', () => {
    const p = plugin('only');
    expect(orderPlugins([p])[0]).toBe(p);
  });
});

describe('orderPlugins: errors', () => {
  const cases: Array<[string, { given: unknown[]; code: DiagnosticCode; message: string }]> = [
    [
      'missing requirement names both plugins',
      { given: [plugin('plugin-hooks', ['plugin-client'])], code: 'RSL_PLUGIN_MISSING_REQUIREMENT', message: 'plugin "plugin-hooks" requires plugin "plugin-client", which is not configured' },
    ],
    ['duplicate names', { given: [plugin('plugin-client'), plugin('plugin-client')], code: 'RSL_PLUGIN_DUPLICATE', message: 'plugin "plugin-client" is configured twice' }],
    ['a two-plugin cycle is listed', { given: [plugin('b', ['a']), plugin('a', ['b'])], code: 'RSL_PLUGIN_CYCLE', message: 'plugin requirements form a cycle: a → b → a' }],
    [
      'a three-plugin cycle behind a healthy plugin is listed without the healthy one',
      { given: [plugin('x', ['y']), plugin('y', ['z']), plugin('z', ['x']), plugin('a', ['x'])], code: 'RSL_PLUGIN_CYCLE', message: 'plugin requirements form a cycle: x → y → z → x' },
    ],
    ['a plugin requiring itself', { given: [plugin('self', ['self'])], code: 'RSL_PLUGIN_CYCLE', message: 'plugin requirements form a cycle: self → self' }],
    ['a factory instead of a plugin object', { given: [() => plugin('x')], code: 'RSL_CONFIG_INVALID', message: 'a configured plugin is not a plugin object' }],
    ['undefined in the array', { given: [undefined], code: 'RSL_CONFIG_INVALID', message: 'a configured plugin is not a plugin object' }],
    ['an object without apply', { given: [{ name: 'x' }], code: 'RSL_CONFIG_INVALID', message: 'a configured plugin is not a plugin object ({ name, apply }): {"name":"x"}' }],
  ];

  it.each(cases)('%s', (_name, { given, code, message }) => {
    const error = orderError(given);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('the missing-requirement hint says how to fix it', () => {
    expect(orderError([plugin('plugin-hooks', ['plugin-client'])]).hint).toBe('Add plugin-client to plugins in generator.config.ts, or remove plugin-hooks.');
  });
});

describe('definePlugin', () => {
  it('returns the same object', () => {
    const p = { name: 'x', apply: () => undefined };
    expect(definePlugin(p)).toBe(p);
  });
});

import { GeneratorError } from '../diagnostics/GeneratorError.js';

/** A string option; `pattern` restricts its value, `describe` says what is expected in the error message. */
export interface StringRule {
  kind: 'string';
  default: string;
  pattern?: RegExp;
  describe?: string;
  /** Normalizes an accepted value (e.g. strips a trailing slash). */
  normalize?: (value: string) => string;
}
/** A boolean option. */
export interface BooleanRule {
  kind: 'boolean';
  default: boolean;
}
/** A whole-number option within `[min, max]`; `unit` is named in the error message. */
export interface IntegerRule {
  kind: 'integer';
  default: number;
  min: number;
  max: number;
  unit?: string;
}
/** An option that takes one of a fixed set of strings. */
export interface EnumRule<V extends string = string> {
  kind: 'enum';
  default: V;
  values: readonly V[];
}
/** One option's rule for {@link resolvePluginOptions}. */
export type OptionRule = StringRule | BooleanRule | IntegerRule | EnumRule;

/** The resolved options a rule table describes: every option present, with its default applied. */
export type ResolvedOptions<S extends Record<string, OptionRule>> = {
  [K in keyof S]: S[K] extends EnumRule<infer V> ? V : S[K] extends StringRule ? string : S[K] extends BooleanRule ? boolean : number;
};

/**
 * The rule of the `runtimeModule` option every plugin that imports the runtime accepts: the module the
 * generated code imports `@reslayer/runtime`'s exports from (and `<runtimeModule>/mocks` for mock helpers).
 */
export const RUNTIME_MODULE_RULE: StringRule = {
  kind: 'string',
  default: '@reslayer/runtime',
  pattern: /^[@\w./-]+$/,
  describe: 'a module specifier such as @reslayer/runtime, @acme/api-runtime or ../runtime',
};

/**
 * Validates a plugin's options against its rule table and applies the defaults: the one options validator
 * every plugin uses. Unknown options are rejected with the plugin's name, so a typo never passes silently.
 * @param plugin the plugin's name, e.g. `plugin-mocks` (starts every error message)
 * @param options what the user passed (`undefined` means all defaults)
 * @param rules one rule per known option
 * @returns every option, validated, with defaults applied
 * @throws GeneratorError `RSL_CONFIG_INVALID` when `options` is not an object, names an unknown option, or
 *   holds a value of the wrong type, pattern or range; the hint points at the plugin's README
 */
export function resolvePluginOptions<S extends Record<string, OptionRule>>(plugin: string, options: unknown, rules: S): ResolvedOptions<S> {
  const fail = (message: string): never => {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${plugin}: ${message}`, { hint: `See the options in the README of @reslayer/${plugin}.` });
  };
  const given = options ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) return fail('options must be an object');
  const known = Object.keys(rules);
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(rules, key)) fail(`unknown option ${JSON.stringify(key)}${known.length > 0 ? ` (known: ${known.join(', ')})` : ' (it takes no options)'}`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(rules)) {
    const raw = (given as Record<string, unknown>)[key];
    const value = raw === undefined ? rule.default : raw;
    out[key] = check(key, rule, value, fail);
  }
  return out as ResolvedOptions<S>;
}

function check(key: string, rule: OptionRule, value: unknown, fail: (message: string) => never): unknown {
  const got = JSON.stringify(value) ?? String(value);
  switch (rule.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(`${key} must be true or false, got ${got}`);
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value) && value >= rule.min && value <= rule.max) return value;
      return fail(`${key} must be a whole number${rule.unit ? ` of ${rule.unit}` : ''} from ${rule.min} to ${rule.max}, got ${got}`);
    case 'enum':
      return typeof value === 'string' && (rule.values as readonly string[]).includes(value)
        ? value
        : fail(`${key} must be one of ${rule.values.map((v) => `'${v}'`).join(', ')}, got ${got}`);
    case 'string':
      if (typeof value !== 'string' || (rule.pattern && !rule.pattern.test(value))) return fail(`${key} must be ${rule.describe ?? 'a string'}, got ${got}`);
      return rule.normalize ? rule.normalize(value) : value;
  }
}

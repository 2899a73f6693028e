import type { ApiModel } from '@reslayer/core';
import { banner, importPath } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { MockPlan } from '../plan/mockPlan.js';
import { printValue } from '../values/printValue.js';
import type { SharedSamples } from '../values/SharedSamples.js';

/** A generated module and the names it exports (the index re-exports them). */
export interface EmittedModule {
  /** The file contents. */
  contents: string;
  /** Exported values. */
  values: string[];
  /** Exported types. */
  types: string[];
}

/**
 * Emits `<resource>.fixtures.ts`: deterministic literal data typed with the client's types —
 * the entities of a store-backed resource, and per operation its success, `empty` and error bodies.
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param shared the samples several fixtures share (with the `shareFixtures` option), after `decide()`
 * @param cut the samples cut at the size limit of one sample (their cast says so)
 * @returns the file contents and its exports
 */
export function emitFixtures(model: ApiModel, plan: MockPlan, shared?: SharedSamples, cut?: WeakSet<object>): EmittedModule {
  const file = mocksNaming.fixturesFile(plan.resource);
  const types = [...new Set(plan.fixtures.map((f) => f.typeImport ?? f.type))].sort();
  const used = new Set<string>();
  const ref = shared?.resolver(plan.fixtures, used);
  const body: string[] = [];
  if (plan.fixtures.length === 0) body.push(`/** \`${plan.resource.resource}\` has no JSON bodies to mock. */`, 'export {};');
  for (const f of plan.fixtures) {
    const type = `${f.type}${f.array ? '[]' : ''}`;
    const head = `export const ${f.name}: ${type} = `;
    if (f.alias !== undefined) {
      body.push(`/** ${f.doc} The same body as {@link ${f.alias}}. */`, `${head}${f.alias};`, '');
      continue;
    }
    // A shared sample stands for the value (or the values inside it) where the fixture's type has the sample's type.
    const exact = f.exact !== false;
    const whole = exact && ref && f.value !== null && typeof f.value === 'object' ? ref(f.value) : undefined;
    const value = whole ?? printValue(f.value, 0, 100, head.length, exact ? ref : undefined);
    if (f.exact === false) {
      const why = f.value !== null && typeof f.value === 'object' && cut?.has(f.value)
        ? [' * The sample reached the size limit of a sample (RSL_MOCK_SAMPLE_LIMIT): the objects and arrays past it', ' * are empty, so it is cast.']
        : [' * The contract allows no value of this type (a discriminator, a map or another allOf member contradicts a property),', ' * so this best-effort sample is cast.'];
      body.push('/**', ` * ${f.doc}`, ...why, ' */');
      body.push(`${head}${value} as unknown as ${type};`, '');
      continue;
    }
    body.push(`/** ${f.doc} */`, `${head}${value};`, '');
  }
  const lines: string[] = [banner()];
  if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${importPath(file, clientNaming.indexFile(plan.resource))}';`);
  if (used.size > 0) lines.push(`import { ${[...used].sort().join(', ')} } from '${importPath(file, mocksNaming.sharedFixturesFile())}';`);
  if (types.length > 0 || used.size > 0) lines.push('');
  return { contents: [...lines, ...body].join('\n'), values: plan.fixtures.map((f) => f.name), types: [] };
}

import type { EmitContext, Plugin } from '@reslayer/core';
import { definePlugin, describeOperation, EmitStage, getSchemaTypeNames } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { emitComponentSchemas } from './emitters/emitComponentSchemas.js';
import { emitResourceSchemas } from './emitters/emitResourceSchemas.js';
import { PLUGIN_VALIDATORS, validatorNaming } from './naming.js';
import { resolveValidatorsOptions, type ValidatorsOptions } from './options.js';
import type { Skipped } from './plan/buildNode.js';
import { planOperation } from './plan/planOperation.js';
import { wireSchemaNames } from './plan/wireSchemas.js';

/**
 * The validators plugin (experimental): zod 4 or valibot 1 schemas of the contract, checked against the
 * types plugin-client generates. It emits `components.schemas.ts` once and `<resource>.schemas.ts` beside
 * each `<resource>.types.ts`; importing a resource's schemas module registers its validators with the
 * runtime, which uses them when `validate` is on (`configureClient({ validate: 'both' })` or per call).
 * It requires plugin-client and runs at `EmitStage.Derived`.
 * @param options see {@link ValidatorsOptions}
 * @returns the plugin
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid options
 * @example defineConfig({ input: './openapi.yaml', plugins: [pluginClient(), pluginValidators({ library: 'valibot' })] })
 */
export function pluginValidators(options: ValidatorsOptions = {}): Plugin {
  const resolved = resolveValidatorsOptions(options);
  const { library, runtimeModule } = resolved;
  return definePlugin({
    name: PLUGIN_VALIDATORS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      hooks.emit.tap({ name: PLUGIN_VALIDATORS, stage: EmitStage.Derived }, (ctx: EmitContext) => {
        const { model } = ctx;
        // The config's `dates: 'Date'` (on the model): date strings are `Date`s in the types these schemas are checked against.
        const dates = model.dates === 'Date';
        const names = getSchemaTypeNames(model);
        const skipped: Skipped[] = [];
        const wire = dates ? wireSchemaNames(model, names) : undefined;
        const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_VALIDATORS });
        add(validatorNaming.componentsFile(), emitComponentSchemas(model, names, { library, dates, runtimeModule, skipped, ...(wire ? { wire } : {}) }));
        for (const resource of model.resources) {
          const plans = resource.operations.map((op) => planOperation(describeOperation(model, resource, op), names, { dates, skipped, ...(wire ? { wire } : {}) }));
          add(validatorNaming.schemasFile(resource), emitResourceSchemas(resource, plans, { library, runtimeModule }));
        }
        const seen = new Set<string>();
        for (const s of skipped) {
          if (seen.has(s.pointer)) continue;
          seen.add(s.pointer);
          ctx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'info', message: `plugin-validators: ${s.message}`, location: s.pointer, hint: 'The generated schema accepts any string there; fix the pattern in the contract to have it checked.' });
        }
      });
    },
  });
}

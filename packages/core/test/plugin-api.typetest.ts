// Type tests of the public plugin API. Never run: compiled by `pnpm typecheck` (tsc -p tsconfig.tests.json,
// which includes packages/*/test/**/*.ts). Each `@ts-expect-error` must meet an error, or the compile fails;
// the cases without one must compile.
import { AsyncParallelHook, AsyncSeriesBailHook, AsyncSeriesHook, SyncHook } from 'tapable';
import { definePlugin, EmitStage, type ApiModel, type EmitContext, type Plugin, type PluginHooks } from '@reslayer/core';
import { createHooks, type DetectContext, type GeneratorHooks, type RunReport } from '@reslayer/core/host';
import { HOOK_KINDS } from '../src/hooks/createHooks.js';
import type { HookKindOf } from '../src/hooks/types.js';

declare const hooks: PluginHooks;
declare const model: ApiModel;

// ---------------------------------------------------------------- plugins that compile

export const good = definePlugin({
  name: 'good',
  requires: ['plugin-client'],
  apply(h, ctx) {
    h.detect.tap('good', (m, detectCtx) => {
      detectCtx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'warning', message: ctx.run.input, location: '#/' });
      return m;
    });
    h.emit.tap({ name: 'good', stage: EmitStage.Derived }, (emitCtx) => {
      emitCtx.files.add({ path: 'x.ts', contents: '', plugin: 'good' });
    });
    h.emit.tapPromise('good', async (emitCtx) => void emitCtx.model.resources.length);
    h.report.tap('good', (report) => void report.sections.push({ plugin: 'good', title: 't', lines: [] }));
  },
});
export const plain: Plugin = { name: 'plain', apply: () => undefined };

// ---------------------------------------------------------------- taps with the wrong arguments

// @ts-expect-error emit passes an EmitContext, not a string
hooks.emit.tap('p', (ctx: string) => void ctx);
// @ts-expect-error emit passes one argument; a tap cannot ask for a second
hooks.emit.tap('p', (ctx: EmitContext, extra: number) => void [ctx, extra]);
// @ts-expect-error report passes the RunReport, not the model
hooks.report.tap('p', (report: ApiModel) => void report);
// @ts-expect-error detect's second argument is the DetectContext, not an EmitContext
hooks.detect.tap('p', (m: ApiModel, ctx: EmitContext) => (void ctx, m));
// @ts-expect-error report is a SyncHook: no tapPromise
hooks.report.tapPromise('p', async () => undefined);
// @ts-expect-error plugins tap; they never call a hook
void hooks.emit.promise({} as EmitContext);
// @ts-expect-error plugins never intercept a hook either
hooks.detect.intercept({});

// ---------------------------------------------------------------- a waterfall tap must return the model

// @ts-expect-error a detect tap that returns nothing would hand `undefined` to the next tap
hooks.detect.tap('p', (m) => void m);
// @ts-expect-error the promise of a detect tap resolves to the model too
hooks.detect.tapPromise('p', async () => undefined);
// @ts-expect-error not a model
hooks.detect.tap('p', () => ({ resources: [] }));
hooks.detect.tap('p', () => model);

// ---------------------------------------------------------------- plugins without a name or apply

// @ts-expect-error a plugin needs a name
definePlugin({ apply() {} });
// @ts-expect-error a plugin needs apply
definePlugin({ name: 'no-apply' });
// @ts-expect-error the name is a string
definePlugin({ name: 1, apply() {} });
export const nameless: Plugin = {
  // @ts-expect-error `name` is not optional: a plugin without one is rejected, also without definePlugin
  name: undefined,
  apply() {},
};

// ---------------------------------------------------------------- the bus cannot be built with the wrong kind

const bus = createHooks();
bus.emit.tap('p', () => undefined);
export const kinds: { [K in keyof GeneratorHooks]: HookKindOf<GeneratorHooks[K]> } = HOOK_KINDS;
export const declaredEmit: 'AsyncSeriesHook' = HOOK_KINDS.emit;

export const wrongKinds = {
  detect: bus.detect,
  // @ts-expect-error emit is declared async series; an async parallel hook would run the emitters concurrently
  emit: new AsyncParallelHook<[ctx: EmitContext]>(['ctx']),
  report: bus.report,
} satisfies GeneratorHooks;
export const wrongDetect = {
  // @ts-expect-error detect is declared a waterfall; a bail hook (structurally the same class) stops at the first tap
  detect: new AsyncSeriesBailHook<[model: ApiModel, ctx: DetectContext], ApiModel>(['model', 'ctx']),
  emit: bus.emit,
  report: bus.report,
} satisfies GeneratorHooks;
export const bareConstructor: GeneratorHooks = {
  detect: bus.detect,
  // @ts-expect-error even the right class, constructed outside createHooks, lacks the kind tag
  emit: new AsyncSeriesHook<[ctx: EmitContext]>(['ctx']),
  report: bus.report,
};
// @ts-expect-error a sync hook is not the async emit hook
export const syncAsEmit: GeneratorHooks['emit'] = new SyncHook<[report: RunReport]>(['report']);
export const wrongKindName: { [K in keyof GeneratorHooks]: HookKindOf<GeneratorHooks[K]> } = {
  ...HOOK_KINDS,
  // @ts-expect-error the kind table must name the declared class
  emit: 'AsyncParallelHook',
};

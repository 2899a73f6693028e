import type { EmitContext, ResourceNode } from '@reslayer/core';
import { describeOperation, UniqueNames } from '@reslayer/core';
import { emitHookNone } from './emitters/emitHookNone.js';
import { ANGULAR_QUERY, accessorEmitter, SOLID_QUERY, SVELTE_QUERY } from './emitters/emitHookAccessor.js';
import { emitHookPreact, emitHookReact } from './emitters/emitHookReact.js';
import { emitHookVue } from './emitters/emitHookVue.js';
import { emitHooksIndex } from './emitters/emitHooksIndex.js';
import { hooksNaming, PLUGIN_HOOKS } from './naming.js';
import type { HookAdapter, ResolvedHooksOptions } from './options.js';
import { planCache } from './plan/planCache.js';
import { planHook, type HookPlan } from './plan/planHook.js';

/** The file emitter of each adapter. */
const EMITTERS: Record<HookAdapter, (plan: HookPlan) => string> = {
  none: emitHookNone,
  'vue-query': emitHookVue,
  'react-query': emitHookReact,
  'preact-query': emitHookPreact,
  'svelte-query': accessorEmitter(SVELTE_QUERY),
  'solid-query': accessorEmitter(SOLID_QUERY),
  'angular-query': accessorEmitter(ANGULAR_QUERY),
};

/**
 * The hooks plugin's work: per resource, one file per operation and an index. Loaded by plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 */
export function emitHooks(ctx: EmitContext, resolved: ResolvedHooksOptions): void {
  const emitHook = EMITTERS[resolved.adapter];
  const { model } = ctx;
  for (const resource of model.resources) emitResourceHooks(ctx, resolved, emitHook, resource);
}

/** The hook files and index of one resource (see {@link emitHooks}). */
function emitResourceHooks(ctx: EmitContext, resolved: ResolvedHooksOptions, emitHook: (plan: HookPlan) => string, resource: ResourceNode): void {
  const { model } = ctx;
  const taken = new UniqueNames();
  const signatures = resource.operations.map((op) => describeOperation(model, resource, op));
  const names = signatures.map((s) => taken.take(hooksNaming.hookName(resource, s.op, s.node.method)));
  const listIndex = resource.operations.findIndex((op) => op.role === 'list');
  const listHook = names[listIndex];
  const cache = listHook === undefined ? undefined : planCache(model, resource, listHook);
  signatures.forEach((s, i) => {
    const hookName = names[i] ?? '';
    const plan = planHook(model, s, hookName, resolved, cache);
    ctx.files.add({ path: hooksNaming.hookFile(resource, hookName), contents: emitHook(plan), plugin: PLUGIN_HOOKS });
  });
  ctx.files.add({ path: hooksNaming.indexFile(resource), contents: emitHooksIndex(names), plugin: PLUGIN_HOOKS });
}

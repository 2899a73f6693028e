import type { ApiModel, EmitContext, Plugin, ResourceNode } from '@reslayer/core';
import { definePlugin, EmitStage, pathShape, UniqueNames } from '@reslayer/core';
import { describeOperation, type OperationSignature } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { resolveHooksOptions, type HookAdapter, type HooksOptions } from './options.js';
import { hooksNaming } from './naming.js';
import type { InvalidationTarget } from './emitters/hookParts.js';
import { emitHookNone } from './emitters/emitHookNone.js';
import { emitHookVue } from './emitters/emitHookVue.js';
import { emitHookReact } from './emitters/emitHookReact.js';
import { emitHooksIndex } from './emitters/emitHooksIndex.js';

/** Name of the hooks plugin (also its tap name). */
export const PLUGIN_HOOKS = 'plugin-hooks';

/** The hook-file emitter of each adapter. */
const EMITTERS: Record<HookAdapter, typeof emitHookNone> = { none: emitHookNone, 'vue-query': emitHookVue, 'react-query': emitHookReact };

/**
 * The hooks plugin: per resource, one file per operation under `features/<resource>/api/` with a query or
 * mutation hook (framework-free options, or `@tanstack/vue-query` / `@tanstack/react-query` hooks, see
 * {@link HooksOptions.adapter}), plus an index.
 * @param options see {@link HooksOptions}
 * @returns the plugin (requires plugin-client)
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid options
 */
export function pluginHooks(options: HooksOptions = {}): Plugin {
  const resolved = resolveHooksOptions(options);
  const emitHook = EMITTERS[resolved.adapter];
  return definePlugin({
    name: PLUGIN_HOOKS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      hooks.emit.tap({ name: PLUGIN_HOOKS, stage: EmitStage.Derived }, (ctx: EmitContext) => {
        const { model } = ctx;
        const parents = crudItemShapes(model);
        for (const resource of model.resources) {
          const taken = new UniqueNames();
          const names: string[] = [];
          for (const op of resource.operations) {
            const s = describeOperation(model, resource, op);
            const hookName = taken.take(hooksNaming.hookName(resource, op, s.node.method));
            names.push(hookName);
            ctx.files.add({ path: hooksNaming.hookFile(resource, hookName), contents: emitHook(model, s, hookName, targetsOf(model, s, parents)), plugin: PLUGIN_HOOKS });
          }
          ctx.files.add({ path: hooksNaming.indexFile(resource), contents: emitHooksIndex(model, names), plugin: PLUGIN_HOOKS });
        }
      });
    },
  });
}

/** Shape key of a path: segments after the api/version prefix, parameters written as `{}`. */
function shapeKey(path: string): string[] {
  return pathShape(path).segments.map((s) => (s.includes('{') ? '{}' : s));
}

/** CRUD resources with an item path, by item shape key. */
function crudItemShapes(model: ApiModel): Map<string, ResourceNode> {
  const map = new Map<string, ResourceNode>();
  for (const r of model.resources) if (r.resourceKind === 'crud' && r.itemPath) map.set(shapeKey(r.itemPath).join('/'), r);
  return map;
}

/** The resources a mutation makes stale: its own, and for an action on an item, the item's CRUD resource. */
function targetsOf(model: ApiModel, s: OperationSignature, parents: Map<string, ResourceNode>): InvalidationTarget[] {
  const target = (resource: ResourceNode): InvalidationTarget => {
    const read = resource.operations.find((o) => o.role === 'read');
    const readArgs = read ? describeOperation(model, resource, read).pathArgs.length : 0;
    const detailArgs = read && readArgs <= s.pathArgs.length ? s.pathArgs.slice(0, readArgs).map((a) => a.ident) : undefined;
    return { resource, hasDetail: read !== undefined, ...(detailArgs && readArgs > 0 ? { detailArgs } : {}) };
  };
  const out = [target(s.resource)];
  if (s.resource.resourceKind !== 'crud') {
    const segments = shapeKey(s.node.path);
    for (let n = segments.length - 1; n > 0; n--) {
      const parent = parents.get(segments.slice(0, n).join('/'));
      if (parent && parent !== s.resource) {
        out.push(target(parent));
        break;
      }
    }
  }
  return out;
}

import type { EmitContext, Plugin, ResourceNode } from '@reslayer/core';
import { banner, definePlugin, EmitStage, stringLiteral } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client';

/** Name of the routes plugin (also its tap name). */
export const PLUGIN_ROUTES = 'reslayer-plugin-routes';

/** Options of {@link pluginRoutes}. */
export interface RoutesOptions {
  /** URL prefix of the app's pages. @default '/' */
  basePath?: string;
}

/**
 * Example third-party plugin: emits `features/<resource>/<resource>.routes.ts`, a typed table of
 * app routes (list, detail, create, edit) per resource, from the detected CRUD operations.
 * @param options see {@link RoutesOptions}
 * @returns the plugin (requires plugin-client only to show how `requires` works)
 */
export function pluginRoutes(options: RoutesOptions = {}): Plugin {
  const basePath = (options.basePath ?? '/').replace(/\/*$/, '/');
  return definePlugin({
    name: PLUGIN_ROUTES,
    requires: [PLUGIN_CLIENT],
    apply(hooks) {
      hooks.emit.tap({ name: PLUGIN_ROUTES, stage: EmitStage.Derived }, (ctx: EmitContext) => {
        for (const resource of ctx.model.resources) {
          ctx.files.add({ path: `features/${resource.resource}/${resource.resource}.routes.ts`, contents: emitRoutes(ctx, resource, basePath), plugin: PLUGIN_ROUTES });
        }
      });
    },
  });
}

function emitRoutes(ctx: EmitContext, resource: ResourceNode, basePath: string): string {
  const roles = new Set(resource.operations.map((o) => o.role));
  const base = `${basePath}${resource.resource}`;
  const lines = [`export const ${resource.resource}Routes = {`, `  list: ${stringLiteral(base)},`];
  if (roles.has('read')) lines.push(`  detail: (id: string | number) => ${stringLiteral(`${base}/`)} + encodeURIComponent(String(id)),`);
  if (roles.has('create')) lines.push(`  create: ${stringLiteral(`${base}/new`)},`);
  if (roles.has('update')) lines.push(`  edit: (id: string | number) => ${stringLiteral(`${base}/`)} + encodeURIComponent(String(id)) + '/edit',`);
  lines.push('} as const;');
  return `${banner(ctx.model.meta)}\n${lines.join('\n')}`;
}

export default pluginRoutes;

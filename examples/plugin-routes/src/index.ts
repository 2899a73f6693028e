import { type Plugin, type ResourceNode, definePlugin, EmitStage, stringLiteral } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client';

/** Name of the routes plugin (also its tap name). */
export const PLUGIN_ROUTES = 'reslayer-plugin-routes';

/**
 * Example third-party plugin: emits `features/<resource>/<resource>.routes.ts`, a typed table of app routes
 * (list, detail, create, edit) per resource, from the detected CRUD operations.
 * @param options `basePath`: URL prefix of the app's pages (default `/`)
 * @returns the plugin (it requires plugin-client only to show how `requires` works)
 */
export function pluginRoutes(options: { basePath?: string } = {}): Plugin {
  const basePath = (options.basePath ?? '/').replace(/\/*$/, '/');
  return definePlugin({
    name: PLUGIN_ROUTES,
    requires: [PLUGIN_CLIENT],
    options: { basePath },
    apply: (hooks) =>
      hooks.emit.tap({ name: PLUGIN_ROUTES, stage: EmitStage.Derived }, (ctx) => {
        for (const r of ctx.model.resources) ctx.files.add({ path: `features/${r.resource}/${r.resource}.routes.ts`, contents: routes(r, basePath), plugin: PLUGIN_ROUTES });
      }),
  });
}

/** The route table of one resource: what its CRUD operations allow. */
function routes(resource: ResourceNode, basePath: string): string {
  const roles = new Set(resource.operations.map((o) => o.role));
  const base = `${basePath}${resource.resource}`;
  const id = `(id: string | number) => ${stringLiteral(`${base}/`)} + encodeURIComponent(String(id))`;
  const lines = [`export const ${resource.resource}Routes = {`, `  list: ${stringLiteral(base)},`];
  if (roles.has('read')) lines.push(`  detail: ${id},`);
  if (roles.has('create')) lines.push(`  create: ${stringLiteral(`${base}/new`)},`);
  if (roles.has('update')) lines.push(`  edit: ${id} + '/edit',`);
  return [...lines, '} as const;'].join('\n');
}

export default pluginRoutes;

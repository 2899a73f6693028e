// What a project installs to use reslayer, and the route that works before the packages are published: the one
// source that `reslayer init` (its config comment and its hint), `pnpm pack:all` (scripts/pack.mjs, its printed
// hint) and the README's install lines all follow; a test checks the README against it.

/** The packages a project installs, by kind of dependency. */
export const INSTALL_PACKAGES = {
  /**
   * What the generated code imports: the runtime, TanStack Query's core (`skipToken`, `DataTag`, `QueryClient`;
   * `@tanstack/react-query` and `@tanstack/vue-query` bring it too) and msw 3 for the mocks.
   */
  dependencies: ['@reslayer/runtime', '@tanstack/query-core', 'msw'],
  /** The CLI and what `generator.config.ts` imports (core and the four plugins; diff and engine are the CLI's), and TypeScript. */
  devDependencies: [
    '@reslayer/cli',
    '@reslayer/core',
    '@reslayer/diff',
    '@reslayer/engine',
    '@reslayer/plugin-client',
    '@reslayer/plugin-config-meta',
    '@reslayer/plugin-hooks',
    '@reslayer/plugin-mocks',
    'typescript',
  ],
} as const;

/** Where `reslayer init --packs <dir>` copies the tarballs, relative to the project's `package.json`. */
export const VENDOR_DIR = 'vendor/reslayer';

/** A package manager the install lines are written for. */
export type PackageManager = 'npm' | 'pnpm';

/**
 * The install commands of {@link INSTALL_PACKAGES}: dependencies first, then dev dependencies.
 * @param pm `npm` (`npm i`, `npm i -D`) or `pnpm` (`pnpm add`, `pnpm add -D`)
 * @param source how a package is written on the line: its name by default (from the registry); `pnpm pack:all`
 *   gives the tarball of each `@reslayer/*` package instead; `undefined` leaves the package out
 * @returns two command lines
 * @example
 * installLines('npm')[0]; // 'npm i @reslayer/runtime @tanstack/query-core msw'
 */
export function installLines(pm: PackageManager, source: (name: string) => string | undefined = (name) => name): [string, string] {
  const add = pm === 'npm' ? 'npm i' : 'pnpm add';
  const line = (names: readonly string[], dev: boolean) =>
    [`${add}${dev ? ' -D' : ''}`, ...names.map(source).filter((n): n is string => n !== undefined)].join(' ');
  return [line(INSTALL_PACKAGES.dependencies, false), line(INSTALL_PACKAGES.devDependencies, true)];
}

/**
 * The route that works without the registry, in the project's folder, after `pnpm pack:all` in a clone of
 * reslayer: the clone's CLI runs `init --packs`, which copies the tarballs into {@link VENDOR_DIR} and writes them
 * into `package.json` as relative `file:` dependencies (and pnpm overrides); the install lines then add the rest
 * from the registry and install everything.
 * @param pm the package manager of the install lines
 * @param clone the clone's folder as written on the line (`"$RESLAYER"` in the README, a path in `pack:all`'s hint)
 * @returns three command lines: init, dependencies, dev dependencies
 * @example
 * packRoute('npm')[1]; // 'npm i @tanstack/query-core msw'
 */
export function packRoute(pm: PackageManager, clone = '"$RESLAYER"'): [string, string, string] {
  const registryOnly = (name: string) => (name.startsWith('@reslayer/') ? undefined : name);
  return [`node ${clone}/packages/cli/dist/index.js init --packs ${clone}/.packs`, ...installLines(pm, registryOnly)];
}

// What a project installs to use reslayer: the one list that `reslayer init` (its config comment and its hint),
// `pnpm pack:all` (scripts/pack.mjs, its printed hint) and the README's install lines all follow; a test checks
// the README against it.

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

/** A package manager the install lines are written for. */
export type PackageManager = 'npm' | 'pnpm';

/**
 * The install commands of {@link INSTALL_PACKAGES}: dependencies first, then dev dependencies.
 * @param pm `npm` (`npm i`, `npm i -D`) or `pnpm` (`pnpm add`, `pnpm add -D`)
 * @param source how a package is written on the line: its name by default (from the registry); `pnpm pack:all`
 *   gives the tarball of each `@reslayer/*` package instead
 * @returns two command lines
 * @example
 * installLines('npm')[0]; // 'npm i @reslayer/runtime @tanstack/query-core msw'
 */
export function installLines(pm: PackageManager, source: (name: string) => string = (name) => name): [string, string] {
  const add = pm === 'npm' ? 'npm i' : 'pnpm add';
  const line = (names: readonly string[], dev: boolean) => `${add}${dev ? ' -D' : ''} ${names.map(source).join(' ')}`;
  return [line(INSTALL_PACKAGES.dependencies, false), line(INSTALL_PACKAGES.devDependencies, true)];
}

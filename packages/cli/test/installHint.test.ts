// One install hint: the README's install lines, the comment `reslayer init` writes into the config and the hint
// `pnpm pack:all` prints (scripts/pack.mjs, through packRoute) all come from installHint.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALL_PACKAGES, installLines, packRoute } from '../src/installHint.js';
import { configTemplate } from '../src/runners/init.js';
import { REPO_ROOT } from './helpers.js';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

/** The lines of the README's fenced block after `<!-- install-test: <name> -->`, or after any other marker text. */
function readmeBlock(marker: string): string[] {
  const at = readme.indexOf(marker);
  expect(at).toBeGreaterThan(0);
  const m = /^```\w+\n([\s\S]*?)^```$/m.exec(readme.slice(at));
  return (m?.[1] ?? '').split('\n').filter((l) => l !== '');
}

test('the lists are complete: TanStack Query core and msw with the runtime; CLI, core, diff, plugins and TypeScript as dev dependencies', () => {
  expect(INSTALL_PACKAGES.dependencies).toEqual(['@reslayer/runtime', '@tanstack/query-core', 'msw']);
  expect(INSTALL_PACKAGES.devDependencies).toEqual(expect.arrayContaining(['@reslayer/cli', '@reslayer/core', '@reslayer/plugin-client', '@reslayer/plugin-hooks', '@reslayer/plugin-config-meta', '@reslayer/plugin-mocks', 'typescript']));
  expect(installLines('npm')).toEqual([`npm i ${INSTALL_PACKAGES.dependencies.join(' ')}`, `npm i -D ${INSTALL_PACKAGES.devDependencies.join(' ')}`]);
  expect(installLines('pnpm', (n) => (n.startsWith('@reslayer/') ? `${n}.tgz` : n))[0]).toBe('pnpm add @reslayer/runtime.tgz @tanstack/query-core msw');
});

test('the route without a registry: init --packs from the clone, then only the registry packages', () => {
  expect(packRoute('npm')).toEqual(['node "$RESLAYER"/packages/cli/dist/index.js init --packs "$RESLAYER"/.packs', 'npm i @tanstack/query-core msw', 'npm i -D typescript']);
  expect(packRoute('pnpm', '/c')).toEqual(['node /c/packages/cli/dist/index.js init --packs /c/.packs', 'pnpm add @tanstack/query-core msw', 'pnpm add -D typescript']);
});

test('the README install blocks start with the route of installHint.ts, and its "once published" block is installLines', () => {
  expect(readme.indexOf('not yet published')).toBeGreaterThan(0);
  expect(readmeBlock('<!-- install-test: npm -->').slice(0, 3)).toEqual(packRoute('npm'));
  expect(readmeBlock('<!-- install-test: pnpm -->').slice(0, 3)).toEqual(packRoute('pnpm'));
  expect(readmeBlock('Once the packages are published')).toEqual(installLines('npm'));
  // The documented route comes before the registry one.
  expect(readme.indexOf('<!-- install-test: npm -->')).toBeLessThan(readme.indexOf('Once the packages are published'));
});

test('the config `reslayer init` writes carries the same lines: the route first, then the registry lines', () => {
  const text = configTemplate('./openapi.yaml', './src/api');
  const route = packRoute('npm').map((l) => `//   ${l}\n`).join('');
  const registry = installLines('npm').map((l) => `//   ${l}\n`).join('');
  expect(text).toContain(route);
  expect(text).toContain(`// Once published:\n${registry}`);
  expect(text.indexOf(route)).toBeLessThan(text.indexOf(registry));
});

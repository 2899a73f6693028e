// One install hint: the README's install lines, the comment `reslayer init` writes into the config and the hint
// `pnpm pack:all` prints (scripts/pack.mjs, through installLines) name the packages of installHint.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALL_PACKAGES, installLines } from '../src/installHint.js';
import { configTemplate } from '../src/runners/init.js';
import { REPO_ROOT } from './helpers.js';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

/** The packages an install line names: `"$RESLAYER"/.packs/reslayer-{cli,core}-*.tgz` stands for `@reslayer/cli @reslayer/core`. */
function packagesOf(line: string): string[] {
  return line
    .split(/\s+/)
    .slice(2)
    .filter((token) => token !== '-D')
    .flatMap((token) => {
      const tarball = /^"\$RESLAYER"\/\.packs\/reslayer-(?:\{([^}]+)\}|([a-z-]+?))-\*\.tgz$/.exec(token);
      if (!tarball) return [token];
      return (tarball[1] ?? tarball[2] ?? '').split(',').map((name) => `@reslayer/${name}`);
    });
}

/** Every install line of the README's section "Use it in your own project". */
function readmeInstallLines(): string[] {
  const start = readme.indexOf('## Use it in your own project');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(0);
  return readme
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((l) => /^(npm i|pnpm add) /.test(l));
}

test('the lists are complete: TanStack Query core and msw with the runtime; CLI, core, diff, plugins and TypeScript as dev dependencies', () => {
  expect(INSTALL_PACKAGES.dependencies).toEqual(['@reslayer/runtime', '@tanstack/query-core', 'msw']);
  expect(INSTALL_PACKAGES.devDependencies).toEqual(expect.arrayContaining(['@reslayer/cli', '@reslayer/core', '@reslayer/plugin-client', '@reslayer/plugin-hooks', '@reslayer/plugin-config-meta', '@reslayer/plugin-mocks', 'typescript']));
  expect(installLines('npm')).toEqual([`npm i ${INSTALL_PACKAGES.dependencies.join(' ')}`, `npm i -D ${INSTALL_PACKAGES.devDependencies.join(' ')}`]);
  expect(installLines('pnpm', (n) => (n.startsWith('@reslayer/') ? `${n}.tgz` : n))[0]).toBe('pnpm add @reslayer/runtime.tgz @tanstack/query-core msw');
});

test('every install line of the README names exactly the packages of installHint.ts, registry and tarball forms alike', () => {
  const lines = readmeInstallLines();
  // The registry form (npm), and the tarball forms for npm and pnpm: two lines each.
  expect(lines.length).toBe(6);
  for (const line of lines) {
    const dev = /^(npm i|pnpm add) -D /.test(line);
    expect({ line, packages: packagesOf(line) }).toEqual({ line, packages: [...(dev ? INSTALL_PACKAGES.devDependencies : INSTALL_PACKAGES.dependencies)] });
  }
  // The registry form is installLines' own output.
  for (const l of installLines('npm')) expect(lines).toContain(l);
});

test('the config `reslayer init` writes carries the same install lines', () => {
  const text = configTemplate('./openapi.yaml', './src/api');
  for (const l of installLines('npm')) expect(text).toContain(`//   ${l}\n`);
});

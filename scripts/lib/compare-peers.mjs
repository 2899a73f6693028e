// The peers `pnpm compare` (scripts/compare.mjs) runs beside reslayer: orval, hey-api and kubb, at pinned versions,
// installed from the npm registry as dev tools into a cache folder outside the repository (as scripts/lib/directory.mjs
// caches the APIs.guru directory), each configured for what reslayer generates: types, a fetch client, TanStack Query
// (React) options and hooks, and MSW mocks where the peer has them. Nothing here is committed or shipped.
//
// Cache folder: $RESLAYER_COMPARE_CACHE, else $XDG_CACHE_HOME/reslayer/compare, else ~/.cache/reslayer/compare; the
// tools land in <cache>/tools-<hash of PEER_PACKAGES>/ with a `.complete` stamp written last.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The packages installed into the cache, pinned: the three generators (kubb's msw and faker plugins are at their
 * latest 4.x release, 4.37.12), what their output imports, and TypeScript 5.9 for hey-api (it needs the compiler API,
 * which TypeScript 7 does not have).
 */
export const PEER_PACKAGES = Object.freeze([
  'orval@8.38.0',
  '@hey-api/openapi-ts@0.99.0',
  '@kubb/cli@4.39.3', '@kubb/core@4.39.3', '@kubb/plugin-oas@4.39.3', '@kubb/plugin-ts@4.39.3', '@kubb/plugin-client@4.39.3',
  '@kubb/plugin-react-query@4.39.3', '@kubb/plugin-faker@4.37.12', '@kubb/plugin-msw@4.37.12',
  'typescript@5.9.3', 'msw@3.0.5', '@tanstack/react-query@5.108.0', 'react@19.3.1', '@types/react@19.3.0', '@faker-js/faker@10.6.0',
]);

/** The cache folder of the tools (not created). */
export function toolsDir() {
  const base = process.env.RESLAYER_COMPARE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'reslayer', 'compare');
  const hash = createHash('sha256').update(PEER_PACKAGES.join('\n')).digest('hex').slice(0, 12);
  return path.join(base, `tools-${hash}`);
}

/**
 * Installs {@link PEER_PACKAGES} into {@link toolsDir} with npm unless they are there already.
 * @returns {string} the tools folder
 * @throws Error with npm's output when the install fails
 */
export function installPeers(log = () => {}) {
  const dir = toolsDir();
  if (existsSync(path.join(dir, '.complete'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }) + '\n');
  log(`compare: installing ${PEER_PACKAGES.length} packages into ${dir} (npm registry)`);
  const run = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...PEER_PACKAGES], { cwd: dir, encoding: 'utf8', timeout: 15 * 60_000 });
  if (run.status !== 0) throw new Error(`npm install of the peers failed (exit ${run.status}):\n${run.stderr || run.stdout}`);
  writeFileSync(path.join(dir, '.complete'), new Date().toISOString() + '\n');
  return dir;
}

/**
 * One peer: its name and version, and how it generates a contract into a folder (a config file written into the
 * tools folder, then its CLI). `mocks` names the module (relative to the output) whose exports hold MSW handlers.
 * @type {Array<{ name: string, version: string, mocks?: 'orval' | 'kubb', command(tools: string, contract: string, out: string): string[] }>}
 */
export const PEERS = [
  {
    name: 'orval',
    version: '8.38.0',
    mocks: 'orval',
    command(tools, contract, out) {
      const config = path.join(tools, 'orval.config.mjs');
      const output = { target: path.join(out, 'endpoints.ts'), schemas: path.join(out, 'model'), mode: 'tags-split', client: 'react-query', httpClient: 'fetch', mock: true, clean: true, override: { query: { version: 5 } } };
      // Local files a contract $refs are read, as reslayer reads them (orval refuses them unless allowed).
      const input = { target: contract, parserOptions: { externalRefs: { allow: ['*'] } } };
      writeFileSync(config, `export default ${JSON.stringify({ api: { input, output } })};\n`);
      return [path.join(tools, 'node_modules/.bin/orval'), '--config', config];
    },
  },
  {
    name: 'hey-api',
    version: '0.99.0',
    command(tools, contract, out) {
      return [path.join(tools, 'node_modules/.bin/openapi-ts'), '-i', contract, '-o', out, '-p', '@hey-api/client-fetch', '@tanstack/react-query'];
    },
  },
  {
    name: 'kubb',
    version: '4.39.3',
    mocks: 'kubb',
    command(tools, contract, out) {
      const config = path.join(tools, 'kubb.config.mjs');
      writeFileSync(config, `import { defineConfig } from '@kubb/core';
import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';
import { pluginClient } from '@kubb/plugin-client';
import { pluginReactQuery } from '@kubb/plugin-react-query';
import { pluginFaker } from '@kubb/plugin-faker';
import { pluginMsw } from '@kubb/plugin-msw';
export default defineConfig({
  root: ${JSON.stringify(tools)},
  input: { path: ${JSON.stringify(contract)} },
  output: { path: ${JSON.stringify(out)}, clean: true, format: false, lint: false },
  plugins: [pluginOas(), pluginTs(), pluginClient({ client: 'fetch' }), pluginReactQuery({ client: { client: 'fetch' } }), pluginFaker(), pluginMsw({ handlers: true, parser: 'faker' })],
});
`);
      return [path.join(tools, 'node_modules/.bin/kubb'), 'generate', '--config', config];
    },
  },
];

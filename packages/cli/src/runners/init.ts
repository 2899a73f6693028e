import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { EXIT_OK } from '../format/formatError.js';
import { cmd, reslayerCommand } from '../format/invocation.js';
import { displayPath } from '../format/resolveCliConfig.js';
import { type PackageManager, VENDOR_DIR, installLines, packRoute } from '../installHint.js';
import { guard } from './context.js';
import { type Vendored, vendorPacks } from './vendor.js';

/** Arguments of `init`. */
export interface InitArgs {
  /** The contract; undefined: found in the working directory. */
  contract?: string | undefined;
  /** Output root written into the config, relative to the config file. */
  output: string;
  /** Overwrite an existing `generator.config.ts`. */
  force: boolean;
  /** The folder of `pnpm pack:all`'s tarballs to copy into the project and name in its package.json. */
  packs?: string | undefined;
  json: boolean;
}

/** The name of the config file `init` writes. */
export const INIT_CONFIG_NAME = 'generator.config.ts';

/** The packages the written config imports (dev dependencies, among those of `INSTALL_PACKAGES`). */
export const CONFIG_PACKAGES = ['@reslayer/core', '@reslayer/plugin-client', '@reslayer/plugin-hooks', '@reslayer/plugin-config-meta', '@reslayer/plugin-mocks'] as const;

const EXTENSIONS = ['yaml', 'yml', 'json'] as const;

/**
 * Finds the contract in a folder: `openapi.{yaml,yml,json}`, else `swagger.{yaml,yml,json}`, else the
 * one `*.openapi.{yaml,yml,json}` file.
 * @param dir the folder
 * @returns the absolute path of the contract
 * @throws GeneratorError `RSL_INPUT_NOT_FOUND` when there is none, `RSL_USAGE` when several `*.openapi.*` files leave the choice open
 */
export function findContract(dir: string): string {
  for (const base of ['openapi', 'swagger']) {
    for (const ext of EXTENSIONS) {
      const file = path.join(dir, `${base}.${ext}`);
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
  }
  const named = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.openapi\.(ya?ml|json)$/i.test(e.name))
    .map((e) => e.name)
    .sort();
  if (named.length === 1) return path.join(dir, named[0] as string);
  if (named.length > 1) {
    throw new GeneratorError('RSL_USAGE', `found several contracts in ${dir}: ${named.join(', ')}`, { hint: `Pass the one to use: \`reslayer init ${named[0]}\`.` });
  }
  throw new GeneratorError('RSL_INPUT_NOT_FOUND', `no contract found in ${dir} (looked for openapi.{yaml,yml,json}, swagger.{yaml,yml,json} and *.openapi.{yaml,yml,json})`, {
    hint: 'Pass the path of the contract: `reslayer init path/to/openapi.yaml`.',
  });
}

/**
 * The text of the `generator.config.ts` that `init` writes: imports from the npm packages (so it works
 * in a project that installed them), the contract relative to the config, the output root, the four
 * built-in plugins with their options in comments.
 * @param input the contract, relative to the config file (`./openapi.yaml`)
 * @param output the output root, relative to the config file
 */
export function configTemplate(input: string, output: string): string {
  return `// reslayer config, written by \`reslayer init\`. \`reslayer generate\`, \`check\`, \`lint\` and \`inspect\`
// find it from this folder or any folder below it (or pass --config ${INIT_CONFIG_NAME}).
// Paths are relative to this file. Install what it imports and what the generated code needs (with pnpm:
// pnpm add, pnpm add -D). The packages are not yet on the npm registry: run \`pnpm pack:all\` in a clone of
// reslayer, then here (with RESLAYER set to the clone; init --packs copies the tarballs into ${VENDOR_DIR}/):
${packRoute('npm').map((l) => `//   ${l}`).join('\n')}
// Once published:
${installLines('npm').map((l) => `//   ${l}`).join('\n')}
import { defineConfig } from '@reslayer/core';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginMocks } from '@reslayer/plugin-mocks';

export default defineConfig({
  // The OpenAPI 3.0/3.1 contract (YAML or JSON; Swagger 2.0 is upgraded). Files it $refs are read too.
  input: ${JSON.stringify(input)},

  // Where the generated files go. reslayer owns this folder: it rewrites the files it generated and
  // removes the ones it no longer generates, and leaves files without its header alone. Commit it and
  // run \`reslayer check\` in CI. srcDir '.' puts the files directly in it (features/, shared/).
  output: { root: ${JSON.stringify(output)}, srcDir: '.' },

  plugins: [
    // Typed fetch client, operation types and query keys; imports '@reslayer/runtime'.
    pluginClient(),
    // Data-access hooks returning TanStack Query options: adapter 'none' (framework-free),
    // 'vue-query' or 'react-query'.
    pluginHooks({ adapter: 'none' }),
    // Form and table metadata, permissions and i18n labels per resource.
    pluginConfigMeta(),
    // MSW 3 fixtures, stateful handlers and scenarios. Options: baseUrl, delayMs, fixtureCount.
    // index: shared/mocks/index.ts exports \`handlers\` (every resource's) and \`resetAllStores()\`.
    pluginMocks({ index: true }),
  ],

  // $refs to http(s) URLs are fetched only when this is true.
  allowRemoteRefs: false,
});

// Several contracts: export an array, each run with its own output folder:
// export default defineConfig([{ input: './crm.yaml', output: './src/api/crm', plugins: [...] }, { ... }]);
`;
}

/**
 * The packages of {@link CONFIG_PACKAGES} that do not resolve from a folder (not installed there).
 * @param dir the config's folder
 */
function missingPackages(dir: string): string[] {
  const require = createRequire(path.join(dir, 'noop.js'));
  return CONFIG_PACKAGES.filter((pkg) => {
    try {
      require.resolve(`${pkg}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
}

/** The package manager the hints name: pnpm when pnpm ran reslayer or the project has a pnpm lock file. */
function packageManager(dir: string): PackageManager {
  return reslayerCommand().startsWith('pnpm') || existsSync(path.join(dir, 'pnpm-lock.yaml')) ? 'pnpm' : 'npm';
}

/** The install lines `init` prints: after `--packs`, the registry packages; else, while not installed, the route that works. */
function installHint(pm: PackageManager, missing: string[], vendored: Vendored | undefined): string[] {
  if (vendored !== undefined) {
    return ['', `Copied ${vendored.tarballs.length} tarballs into ${VENDOR_DIR}/ and named them in package.json (relative file: dependencies, pnpm overrides). Install:`, ...packRoute(pm).slice(1).map((l) => `  ${l}`)];
  }
  if (missing.length === 0) return [];
  return [
    '',
    `Not installed yet: ${missing.join(', ')}. The packages are not yet on the npm registry: run \`pnpm pack:all\` in a clone of reslayer, then here (RESLAYER: the clone's folder):`,
    ...packRoute(pm).map((l) => `  ${l}`),
    'Once they are published:',
    ...installLines(pm).map((l) => `  ${l}`),
  ];
}

/**
 * Runs `init`: finds the contract (or takes the one given), writes a commented `generator.config.ts`
 * next to it ({@link configTemplate}), never over an existing one without `--force`, with `--packs` vendors the
 * tarballs into the project in the working directory ({@link vendorPacks}), and says what to install and run next.
 * @param args parsed command-line arguments
 * @returns 0, or 2 when there is no contract, several candidates, a config that would be overwritten, or tarballs missing
 */
export async function runInit(args: InitArgs): Promise<number> {
  return guard('init', args.json, async (io) => {
    let contract: string;
    if (args.contract !== undefined) {
      contract = path.resolve(io.cwd, args.contract);
      if (!existsSync(contract) || !statSync(contract).isFile()) {
        throw new GeneratorError('RSL_INPUT_NOT_FOUND', `${args.contract}: no such contract file`, { hint: 'Check the path, or run `reslayer init` without one in the folder of the contract.' });
      }
    } else contract = findContract(io.cwd);
    const dir = path.dirname(contract);
    const target = path.join(dir, INIT_CONFIG_NAME);
    const shown = displayPath(target, io.cwd);
    const existed = existsSync(target);
    if (existed && !args.force) {
      throw new GeneratorError('RSL_USAGE', `${shown} already exists; pass --force to overwrite it`, { hint: 'Or edit it: see "Config reference" in the README.' });
    }
    const vendored = args.packs === undefined ? undefined : await vendorPacks(path.resolve(io.cwd, args.packs), io.cwd);
    const input = `./${path.basename(contract)}`;
    try {
      await writeFile(target, configTemplate(input, args.output), 'utf8');
    } catch (error) {
      throw new GeneratorError('RSL_WRITE_FAILED', `cannot write ${shown}: ${(error as Error).message}`, { cause: error });
    }
    const missing = missingPackages(dir);
    if (io.json) {
      io.outJson({ ok: true, config: shown, contract: displayPath(contract, io.cwd), output: args.output, overwritten: existed, missingPackages: missing, ...(vendored && { vendored }) });
      return EXIT_OK;
    }
    const { colors } = io;
    io.out(`${colors.green('✔')} ${existed ? 'Overwrote' : 'Wrote'} ${colors.cyan(shown)}: contract ${input}, output ${args.output}`);
    const pm = packageManager(io.cwd);
    io.out(...installHint(pm, missing, vendored));
    // Discovery searches upwards, so from a folder above the config's the commands need --config.
    const flag = path.relative(dir, io.cwd).startsWith('..') ? ` --config ${shown}` : '';
    // After --packs the project has its own CLI; the clone's ran this command.
    const run = (c: string) => (vendored === undefined ? cmd(c) : `${pm === 'pnpm' ? 'pnpm exec' : 'npx'} reslayer ${c}`);
    const next: Array<[string, string]> = [
      [run(`inspect${flag}`), 'what resources the contract has'],
      [run(`generate${flag}`), 'write the layer (--watch: again on every save)'],
      [run(`check${flag}`), 'in CI: fail when the committed layer drifts'],
    ];
    const width = Math.max(...next.map(([c]) => c.length));
    io.out('', 'Next:', ...next.map(([c, what]) => `  ${colors.bold(c.padEnd(width))}  ${what}`));
    return EXIT_OK;
  });
}

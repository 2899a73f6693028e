import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import type { ResolvedConfig } from '@reslayer/core/host';
import { cacheDirOf, check, generate } from '@reslayer/engine';
import { PLUGIN_MOCKS, pluginMocks, type MocksOptions } from '@reslayer/plugin-mocks';
import type { OutputArgs } from '../commands/shared.js';
import { displayPath, resolveCliConfig } from '../format/resolveCliConfig.js';
import { type RunnerIO, guard } from './context.js';
import { loadMocks } from './mockLoad.js';
import { RESET_PATH, createMockServer, listen } from './mockServer.js';

/** Arguments of `mock`. */
export interface MockArgs extends OutputArgs {
  /** Port to listen on (0: any free port). */
  port: number;
  /** Address to listen on. */
  host: string;
  /** The handlers' scenario. */
  scenario: string;
  /** Milliseconds to wait before every answer. */
  delayMs: number;
  /** Serve the mocks generated anew with plugin-mocks' `seed` option (another data set) instead of those on disk. */
  seed?: number | undefined;
}

/**
 * The mocks generated anew with plugin-mocks' `seed` option, into a temporary output root (the config's output
 * root is not touched); `dispose` removes it. Used by `mock --seed <n>`: faker's values change with the seed.
 * @throws GeneratorError `RSL_OUTPUT_MISSING` when the generation fails (its first error is named)
 */
async function seededOutput(config: ResolvedConfig, seed: number): Promise<{ outputRoot: string; dispose: () => void }> {
  const outputRoot = mkdtempSync(path.join(os.tmpdir(), `reslayer-mock-seed-${seed}-`));
  // The folder and the no-change cache's record of it (under the system temporary folder too).
  const dispose = () => [outputRoot, cacheDirOf(outputRoot)].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  const plugins = config.plugins.map((p) => (p.name === PLUGIN_MOCKS ? pluginMocks({ ...(p.options as MocksOptions), seed }) : p));
  const result = await generate({ ...config, outputRoot, plugins }, { skipCache: '--seed' }).catch((error: unknown) => {
    dispose();
    throw error;
  });
  if (result.failed) {
    dispose();
    const first = result.diagnostics.find((d) => d.severity === 'error');
    throw new GeneratorError('RSL_OUTPUT_MISSING', `the mocks could not be generated with --seed ${seed}${first ? `: ${first.code} ${first.message}` : ''}`, { hint: 'Run `reslayer generate` to see every diagnostic.' });
  }
  return { outputRoot, dispose };
}

/** The `generate` command line that brings this output up to date. */
function generateCommandLine(config: ResolvedConfig, cwd: string): string {
  if (config.configFile) return `reslayer generate --config ${displayPath(config.configFile, cwd)}`;
  return `reslayer generate ${displayPath(config.input, cwd)} --output ${displayPath(config.outputRoot, cwd)}`;
}

/**
 * Warns (on stderr) when the output on disk is not what `generate` would write now: the engine's `check`, run
 * after the server listens so it never delays the first answer. A check that fails says so and serving goes on.
 * A stop (SIGINT, SIGTERM) while it runs is the server's own clean stop, not the check's exit 130/143.
 */
async function warnOnDrift(config: ResolvedConfig, io: RunnerIO): Promise<void> {
  try {
    const result = await check(config, { exitOnSignal: false });
    if (result.drift.length === 0) return;
    process.stderr.write(`warning: ${result.drift.length} generated files in ${displayPath(config.outputRoot, io.cwd)} differ from what the contract and config give now; the mocks served may be out of date. Run \`${generateCommandLine(config, io.cwd)}\` to bring them up to date.\n`);
  } catch (error) {
    process.stderr.write(`warning: could not compare the output with the contract: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** Resolves on the first SIGINT or SIGTERM, with its name. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Closes the server and its open connections. */
function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Runs `mock`: loads the mocks `generate` wrote into the output root and serves them over HTTP until SIGINT or
 * SIGTERM (see `createMockServer`: CORS, one log line per request, `POST /__reslayer/reset`). Prints the URL when
 * it listens (`--json`: one JSON line, then one JSON line per request), then warns when the output drifted from
 * the contract.
 * @param args parsed command-line arguments
 * @returns 0 after a clean stop; 2 for a config or input error, missing mocks (`RSL_OUTPUT_MISSING`) or a port it
 *   cannot listen on (`RSL_MOCK_PORT_IN_USE`)
 */
export async function runMock(args: MockArgs): Promise<number> {
  return guard('mock', args.json, async (io) => {
    const config = await resolveCliConfig(args, io.cwd);
    const seeded = args.seed === undefined ? undefined : await seededOutput(config, args.seed);
    const mocks = await loadMocks(config, { scenario: args.scenario, outputRoot: seeded?.outputRoot }).catch((error: unknown) => {
      seeded?.dispose();
      throw error;
    });
    const log = args.json
      ? (line: string) => {
          const [method, path, status, ms] = line.split(' ');
          process.stdout.write(`${JSON.stringify({ method, path, status: Number(status), ms: Number(ms) })}\n`);
        }
      : (line: string) => io.out(line);
    const server = createMockServer({ handlers: mocks.handlers, getResponse: mocks.getResponse, reset: mocks.reset, delayMs: args.delayMs, log });
    const port = await listen(server, args.port, args.host);
    // Listened for before the URL is printed: a stop sent right after the start is a clean stop, not a kill.
    const stopped = untilSignal();
    const url = `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${port}`;
    const about = { url, port, resources: mocks.resources, handlers: mocks.handlers.length, scenario: args.scenario, reset: `POST ${url}${RESET_PATH}` };
    if (args.json) process.stdout.write(`${JSON.stringify({ ok: true, ...about })}\n`);
    else {
      io.out(`reslayer mock: ${mocks.resources.length} resources (${mocks.handlers.length} handlers) from ${displayPath(mocks.dir, io.cwd)}, scenario ${args.scenario}`);
      io.out(`listening on ${io.colors.cyan(url)}; POST ${RESET_PATH} restores the fixtures; Ctrl-C stops`);
    }
    void warnOnDrift(config, io);
    const signal = await stopped;
    await close(server);
    seeded?.dispose();
    if (!args.json) io.out(`reslayer mock: stopped (${signal})`);
    return 0;
  });
}

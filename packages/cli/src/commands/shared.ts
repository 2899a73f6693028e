import type { Argv } from 'yargs';

/** Receives a command's exit code; `index.ts` turns it into `process.exitCode`. */
export type Done = (code: number) => void;

/** Arguments every command takes: the input (config file or contract) and `--json`. */
export interface InputArgs {
  /** Path of the OpenAPI contract, when run without a config file. */
  contract?: string | undefined;
  /** Path of `generator.config.ts`. */
  config?: string | undefined;
  /** Print machine-readable JSON on stdout. */
  json: boolean;
}

/** {@link InputArgs} plus `--output` and `--no-cache`, for the commands that touch the output root. */
export interface OutputArgs extends InputArgs {
  /** Output root when run with a contract argument (default `./generated`). */
  output?: string | undefined;
  /** Use the no-change cache (`--no-cache` sets it to false: the whole pipeline always runs). */
  cache: boolean;
}

/**
 * Adds the `[contract]` positional, `--config` and `--json`, and checks that at most one input is given
 * (without either, the runner finds the config from the working directory upwards) and that `--output`,
 * where the command has it, comes with a contract rather than a config.
 * @param y the command's yargs instance
 * @returns the same instance, typed with the new options
 */
export function inputOptions<T>(y: Argv<T>) {
  return y
    .positional('contract', {
      type: 'string',
      describe: 'OpenAPI contract (YAML or JSON); runs without a config file, with the four built-in plugins',
    })
    .option('config', {
      alias: 'c',
      type: 'string',
      requiresArg: true,
      describe: 'Path of generator.config.ts (paths in it resolve from its folder). Default: generator.config.ts, reslayer.config.ts or a "reslayer" key in package.json, found from the working directory upwards',
    })
    .option('json', { type: 'boolean', default: false, describe: 'Print machine-readable JSON on stdout' })
    .check((argv) => {
      const config = typeof argv.config === 'string' && argv.config !== '' ? argv.config : undefined;
      const contract = typeof argv.contract === 'string' && argv.contract !== '' ? argv.contract : undefined;
      if (config && contract) throw new Error('pass either --config <file> or a contract path, not both');
      if ((argv as { output?: unknown }).output !== undefined && !contract) throw new Error('--output applies only with a contract argument; with a config file, set `output` in it');
      return true;
    });
}

/**
 * Adds `--output` (generate, check): the output root when run with a contract argument; and `--cache`
 * (`--no-cache` turns the no-change cache off, so the whole pipeline runs).
 * @param y the command's yargs instance
 */
export function outputOption<T>(y: Argv<T>) {
  return y
    .option('output', {
      alias: 'o',
      type: 'string',
      requiresArg: true,
      describe: 'Output root when run with a contract argument (relative to the working directory)',
      defaultDescription: './generated',
    })
    .option('cache', {
      type: 'boolean',
      default: true,
      describe: 'Skip the pipeline when nothing changed since the last generate (--no-cache: always run it)',
    });
}

/**
 * Picks the input arguments out of parsed yargs arguments (dropping yargs' own keys).
 * @param argv parsed arguments
 */
export function pickInput(argv: Record<string, unknown>): OutputArgs {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return { contract: str(argv['contract']), config: str(argv['config']), output: str(argv['output']), json: argv['json'] === true, cache: argv['cache'] !== false };
}

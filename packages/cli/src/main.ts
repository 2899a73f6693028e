// The `reslayer` CLI (loaded by index.ts): builds the yargs instance and registers the commands (guide G18).
// Keep this file and commands/* free of @reslayer/core and plugin imports, so `--help` and
// `--version` stay fast: each command's handler imports its runner lazily.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { checkCommand } from './commands/check.js';
import { diffCommand } from './commands/diff.js';
import { explainCommand } from './commands/explain.js';
import { generateCommand } from './commands/generate.js';
import { initCommand } from './commands/init.js';
import { inspectCommand } from './commands/inspect.js';
import { lintCommand } from './commands/lint.js';
import { mockCommand } from './commands/mock.js';
import { EXIT_OK, EXIT_USAGE, USAGE_ERROR_CODE, printError } from './format/formatError.js';
import { CLI_VERSION } from './version.js';

const EPILOGUE = [
  'Exit codes: 0 success',
  '            1 findings (lint failures, drift, a failed check, error diagnostics in generate, breaking changes in diff)',
  '            2 usage, config or input errors',
].join('\n');

/** Thrown from the fail handler to stop yargs (it would otherwise still run the command); printed after the parse. */
class UsageFailure extends Error {
  /** What yargs threw while parsing, if anything. */
  override readonly cause: Error | undefined;

  constructor(message: string, cause: Error | undefined) {
    super(message);
    this.cause = cause;
  }
}

/** The commands, for "did you mean" on a mistyped one. */
const COMMANDS = ['init', 'inspect', 'lint', 'generate', 'check', 'diff', 'explain', 'mock'] as const;

/**
 * Adds "did you mean" to yargs' "Unknown argument(s): a, b": the closest long option of the command. Loads core's
 * `closestMatches` only here, on a usage error, so `--help` and `--version` load no core.
 * @param text yargs' message
 * @param known the command's options (long names, and aliases)
 */
async function suggestOptions(text: string, known: readonly string[]): Promise<string> {
  const match = /^Unknown arguments?: (.+)$/.exec(text);
  if (!match) return text;
  const { closestMatches } = await import('@reslayer/core/host');
  const names = (match[1] as string).split(', ');
  const tips = names.flatMap((name) => closestMatches(name, known.filter((k) => k.length > 1)).map((s) => `--${s}`));
  if (tips.length > 0) return `${text}. Did you mean ${tips.join(', ')}?`;
  // An unknown word where a command belongs: yargs reports it as an unknown argument too.
  const word = names.find((n) => closestMatches(n, COMMANDS).length > 0);
  return word ? `${text}. Did you mean \`reslayer ${closestMatches(word, COMMANDS)[0]}\`?` : text;
}

/**
 * Runs the CLI once and returns its exit code; never calls `process.exit`.
 * @param args command-line arguments without the node binary and script (default: `process.argv` after them)
 * @returns 0 success, 1 findings, 2 usage, config or input errors
 * @example
 * process.exitCode = await main(['inspect', './openapi.yaml']);
 */
export async function main(args: readonly string[] = hideBin(process.argv)): Promise<number> {
  let exitCode = EXIT_OK;
  const done = (code: number) => {
    exitCode = code;
  };
  const json = args.includes('--json');
  const cli = yargs([...args]);
  cli
    .scriptName('reslayer')
    .usage('$0 <command> [contract] [options]\n\nOpenAPI contract → typed frontend resource layer.')
    .command(initCommand(done))
    .command(inspectCommand(done))
    .command(lintCommand(done))
    .command(generateCommand(done))
    .command(checkCommand(done))
    .command(diffCommand(done))
    .command(explainCommand(done))
    .command(mockCommand(done))
    .demandCommand(1, 'pass a command: init, inspect, lint, generate, check, diff, explain or mock')
    .recommendCommands()
    .strict()
    .version(CLI_VERSION)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .epilogue(EPILOGUE)
    .wrap(Math.min(100, cli.terminalWidth() || 100))
    .exitProcess(false)
    .fail((message: string | undefined | null, error: Error | undefined) => {
      // yargs calls this for usage errors (message set) and for errors thrown while parsing.
      // Throwing stops yargs: with exitProcess(false) it would otherwise go on to run the handler.
      throw new UsageFailure(message ?? '', error);
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    if (!(error instanceof UsageFailure)) exitCode = printError(error, json);
    else if (error.cause && error.cause.name !== 'YError' && !error.message) exitCode = printError(error.cause, json);
    else {
      let text = error.message || error.cause?.message || 'invalid usage';
      // recommendCommands() reports a mistyped command only as "Did you mean …?": name the command too.
      if (text.startsWith('Did you mean')) text = `unknown command "${args.find((a) => !a.startsWith('-')) ?? ''}". ${text}`;
      else text = await suggestOptions(text, Object.keys((cli as unknown as { getOptions(): { key?: Record<string, unknown> } }).getOptions().key ?? {}));
      exitCode = printError({ code: USAGE_ERROR_CODE, message: text, hint: 'Run `reslayer --help` or `reslayer <command> --help`.' }, json);
    }
  }
  return exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = printError(error, process.argv.includes('--json')) || EXIT_USAGE;
  },
);

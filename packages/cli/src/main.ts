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
import { EXIT_OK, EXIT_USAGE, USAGE_ERROR_CODE, printError } from './format/formatError.js';
import { closestMatches } from './format/suggest.js';
import { CLI_VERSION } from './version.js';

const EPILOGUE = [
  'Exit codes: 0 success',
  '            1 findings (lint failures, drift, a failed check, error diagnostics in generate, breaking changes in diff)',
  '            2 usage, config or input errors',
].join('\n');

/** Thrown from the fail handler to stop yargs (it would otherwise still run the command); already printed. */
class UsageFailure extends Error {}

/** The commands, for "did you mean" on a mistyped one. */
const COMMANDS = ['init', 'inspect', 'lint', 'generate', 'check', 'diff', 'explain'] as const;

/**
 * Adds "did you mean" to yargs' "Unknown argument(s): a, b": the closest long option of the command.
 * @param text yargs' message
 * @param known the command's options (long names, and aliases)
 */
function suggestOptions(text: string, known: readonly string[]): string {
  const match = /^Unknown arguments?: (.+)$/.exec(text);
  if (!match) return text;
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
    .demandCommand(1, 'pass a command: init, inspect, lint, generate, check, diff or explain')
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
      let text = message || error?.message || 'invalid usage';
      // recommendCommands() reports a mistyped command only as "Did you mean …?": name the command too.
      if (text.startsWith('Did you mean')) text = `unknown command "${args.find((a) => !a.startsWith('-')) ?? ''}". ${text}`;
      else text = suggestOptions(text, Object.keys((cli as unknown as { getOptions(): { key?: Record<string, unknown> } }).getOptions().key ?? {}));
      exitCode =
        error && error.name !== 'YError' && !message
          ? printError(error, json)
          : printError({ code: USAGE_ERROR_CODE, message: text, hint: 'Run `reslayer --help` or `reslayer <command> --help`.' }, json);
      throw new UsageFailure(message ?? '');
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    // A UsageFailure has been printed by the fail handler already.
    if (!(error instanceof UsageFailure)) exitCode = printError(error, json);
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

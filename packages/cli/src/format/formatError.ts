import pc from 'picocolors';

/** Exit code for success. */
export const EXIT_OK = 0;
/** Exit code for findings: lint failures, drift, a failed check, error diagnostics in `generate`. */
export const EXIT_FINDINGS = 1;
/** Exit code for usage, config or input errors. */
export const EXIT_USAGE = 2;

/** The CLI's own code for command-line usage errors (unknown command or option, missing input). */
export const USAGE_ERROR_CODE = 'RSL_USAGE';

/** Picocolors formatters, enabled or disabled for one stream. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Colors for a stream: on only when not in `--json` mode and the stream is a TTY (or `FORCE_COLOR` is set);
 * picocolors itself honours `NO_COLOR` and `--no-color`.
 * @param stream the stream the colored text goes to
 * @param json true in `--json` mode
 */
export function colorsFor(stream: NodeJS.WriteStream, json: boolean): Colors {
  const enabled = !json && pc.isColorSupported && (stream.isTTY === true || Boolean(process.env['FORCE_COLOR']));
  return pc.createColors(enabled);
}

/** The fields of a thrown error that the CLI prints (a core `GeneratorError`, or a usage error). */
export interface PrintableError {
  code?: string | undefined;
  message: string;
  hint?: string | undefined;
  stack?: string | undefined;
}

function isCodedError(error: unknown): error is Error & { code: string; hint?: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Formats an error as `reslayer: error RSL_CODE: message`, plus a `hint:` line, plus the stack trace
 * only when `RESLAYER_DEBUG=1`.
 * @param error a core `GeneratorError`, a {@link PrintableError}, or anything thrown
 * @param colors colors for stderr
 * @returns the lines to print (without trailing newline)
 */
export function formatError(error: unknown, colors: Colors): string {
  let printable: PrintableError;
  if (isCodedError(error)) printable = { code: error.code, message: error.message, hint: error.hint, stack: error.stack };
  else if (error instanceof Error) printable = { message: error.message, hint: 'This looks like a bug in reslayer; run again with RESLAYER_DEBUG=1 for a stack trace.', stack: error.stack };
  else if (error && typeof error === 'object' && 'message' in error) printable = error as PrintableError;
  else printable = { message: String(error) };
  const code = printable.code ? ` ${printable.code}` : '';
  const lines = [`${colors.bold('reslayer:')} ${colors.red(`error${code}:`)} ${printable.message}`];
  if (printable.hint) lines.push(`  ${colors.dim('hint:')} ${printable.hint}`);
  if (process.env['RESLAYER_DEBUG'] === '1' && printable.stack) lines.push(colors.dim(printable.stack));
  return lines.join('\n');
}

/**
 * Prints an error to stderr (never stdout, so `--json` output stays valid) and returns exit code 2.
 * @param error what was thrown
 * @param json true in `--json` mode (disables colors)
 * @returns {@link EXIT_USAGE}
 */
export function printError(error: unknown, json: boolean): number {
  process.stderr.write(`${formatError(error, colorsFor(process.stderr, json))}\n`);
  return EXIT_USAGE;
}

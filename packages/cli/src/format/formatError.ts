import pc from 'picocolors';
import { asInvoked } from './invocation.js';

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

/** What the CLI knows about something thrown: code, message, hint and stack. */
function toPrintable(error: unknown): PrintableError {
  if (isCodedError(error)) return { code: error.code, message: error.message, hint: error.hint, stack: error.stack };
  if (error instanceof Error) return { message: error.message, hint: 'This looks like a bug in reslayer; run again with RESLAYER_DEBUG=1 for a stack trace.', stack: error.stack };
  if (error && typeof error === 'object' && 'message' in error) return error as PrintableError;
  return { message: String(error) };
}

/** The `error` member of the JSON an error prints in `--json` mode. */
export interface ErrorJson {
  /** `RSL_…` code, or null for an unexpected error (a bug). */
  code: string | null;
  message: string;
  /** How to fix it, or null. */
  hint: string | null;
}

/**
 * The JSON form of an error: `{ code, message, hint }`, printed as `{ "ok": false, "error": … }`.
 * @param error a core `GeneratorError`, a {@link PrintableError}, or anything thrown
 */
export function errorJson(error: unknown): ErrorJson {
  const p = toPrintable(error);
  return { code: p.code ?? null, message: p.message, hint: p.hint ?? null };
}

/**
 * Formats an error as `reslayer: error RSL_CODE: message`, plus a `hint:` line, plus the stack trace only when
 * `RESLAYER_DEBUG=1`. Commands the message and hint name in backticks read as the user runs them (`asInvoked`).
 * @param error a core `GeneratorError`, a {@link PrintableError}, or anything thrown
 * @param colors colors for stderr
 * @returns the lines to print (without trailing newline)
 */
export function formatError(error: unknown, colors: Colors): string {
  const printable = toPrintable(error);
  const code = printable.code ? ` ${printable.code}` : '';
  const lines = [`${colors.bold('reslayer:')} ${colors.red(`error${code}:`)} ${asInvoked(printable.message)}`];
  if (printable.hint) lines.push(`  ${colors.dim('hint:')} ${asInvoked(printable.hint)}`);
  if (process.env['RESLAYER_DEBUG'] === '1' && printable.stack) lines.push(colors.dim(printable.stack));
  return lines.join('\n');
}

/**
 * Prints an error to stderr and returns exit code 2. In `--json` mode it also prints
 * `{ "ok": false, "error": { "code", "message", "hint" } }` on stdout, so a consumer of the JSON always
 * gets a document.
 * @param error what was thrown
 * @param json true in `--json` mode (disables colors, adds the JSON on stdout)
 * @returns {@link EXIT_USAGE}
 */
export function printError(error: unknown, json: boolean): number {
  process.stderr.write(`${formatError(error, colorsFor(process.stderr, json))}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: errorJson(error) }, null, 2)}\n`);
  return EXIT_USAGE;
}

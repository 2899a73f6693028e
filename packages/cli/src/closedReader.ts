// A reader that closes its end of the pipe early (`reslayer inspect --json | head`) must not crash the CLI.

/** Error codes of a write to a stream whose reader is gone, or to a stream destroyed after that. */
const CLOSED_CODES: ReadonlySet<string> = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/**
 * Makes a write to `stream` after its reader closed the pipe (`EPIPE`) a no-op instead of an unhandled
 * `'error'` event, which would print a stack trace and exit 1. The command goes on: a `generate` still
 * commits its files, and the exit code stays the command's (README, "Exit codes"). Any other stream error
 * is thrown as before.
 * @param stream `process.stdout` or `process.stderr`
 */
export function ignoreClosedReader(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!CLOSED_CODES.has(error.code ?? '')) throw error;
  });
}

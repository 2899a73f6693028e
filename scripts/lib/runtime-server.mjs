// Starts the built CLI's `reslayer mock` as a child process on a free port and stops it: shared by the
// CRUD round-trip test (packages/cli/test/cli-mock.test.ts) and `pnpm corpus:runtime`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI entry (`pnpm build` first). */
export const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/cli/dist/index.js');

/**
 * Starts `reslayer mock <args> --port 0 --json` and waits for its first line (the URL it listens on).
 * @param {string[]} args the input arguments (`--config <file>`, or `<contract> --output <dir>`) and options
 * @param {{ cwd?: string, timeoutMs?: number }} [options] working directory; milliseconds to wait for the start (default 30 s)
 * @returns {Promise<{ url: string, startMs: number, child: import('node:child_process').ChildProcess, output: { stdout: string, stderr: string }, stop: () => Promise<{ code: number | null, signal: string | null }> }>}
 * @throws Error with the server's stderr when it exits or stays silent before it listens
 */
export function startMock(args, options = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'mock', ...args, '--port', '0', '--json'], { cwd: options.cwd ?? process.cwd(), env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.stdout.setEncoding('utf8').on('data', (d) => (output.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (output.stderr += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const fail = (why) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`reslayer mock ${args.join(' ')} ${why}\n${output.stderr}${output.stdout}`));
    };
    const timer = setTimeout(() => fail('did not listen in time'), options.timeoutMs ?? 30_000);
    const early = (code) => fail(`exited with ${code} before it listened`);
    child.once('exit', early);
    child.stdout.on('data', function first() {
      const line = output.stdout.split('\n').find((l) => l.startsWith('{"ok"'));
      if (!line) return;
      child.stdout.off('data', first);
      child.off('exit', early);
      clearTimeout(timer);
      resolve({ url: JSON.parse(line).url, startMs: performance.now() - started, child, output, stop });
    });
  });
}

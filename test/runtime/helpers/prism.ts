// Starts and stops a Prism mock server (`@stoplight/prism-cli`, a root devDependency) on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from '../../helpers/paths.js';

/** Loopback only: the server and every request stay on this machine. */
export const PRISM_HOST = '127.0.0.1';

/** The Prism CLI entry, read from the package's `bin` field. */
export function prismBin(): string {
  const pkgDir = path.join(ROOT, 'node_modules/@stoplight/prism-cli');
  const pkgFile = path.join(pkgDir, 'package.json');
  if (!existsSync(pkgFile)) {
    throw new Error(`${pkgFile} is missing: install the workspace (\`pnpm install\`); @stoplight/prism-cli is a root devDependency`);
  }
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['prism'];
  if (bin === undefined) throw new Error(`${pkgFile} has no "prism" bin`);
  return path.join(pkgDir, bin);
}

/** A free TCP port on loopback (the OS picks it; it is released before Prism binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, PRISM_HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when something accepts TCP connections on the port. */
function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: PRISM_HOST, port });
    const done = (ok: boolean): void => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A running Prism mock server. */
export interface PrismServer {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything Prism printed so far (stdout and stderr), for failure messages. */
  log: () => string;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period); resolves when it has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts `prism mock <contract> --host 127.0.0.1 --port <free port> --errors` and waits until it reports that it
 * listens and the port accepts connections. `--errors` makes Prism answer an invalid request with an error response (422, or the
 * contract's 400) that carries the violations.
 * @param contract absolute path of the contract (Prism resolves a multi-file contract's `$ref`s itself)
 * @param options startup timeout
 */
export async function startPrism(contract: string, options: { startupTimeoutMs?: number } = {}): Promise<PrismServer> {
  // The free port is released before Prism binds it: retry on the rare race with another process.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(contract, await freePort(), options.startupTimeoutMs ?? 60_000);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(contract: string, port: number, startupTimeoutMs: number): Promise<PrismServer> {
  const child = spawn(
    process.execPath,
    [prismBin(), 'mock', contract, '--host', PRISM_HOST, '--port', String(port), '--errors'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  let output = '';
  let listening = false;
  const listeningLine = `Prism is listening on http://${PRISM_HOST}:${port}`;
  const keep = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (!listening && output.includes(listeningLine)) listening = true;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });

  const stop = async (): Promise<void> => {
    if (exited) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL');
    }, 5_000);
    await exitPromise;
    clearTimeout(killTimer);
  };

  const deadline = Date.now() + startupTimeoutMs;
  for (;;) {
    if (exited) throw new Error(`Prism exited before listening on port ${port}:\n${output}`);
    // Listening, and it is this Prism (not another process that took the port meanwhile).
    if (listening && (await canConnect(port))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Prism did not listen on ${PRISM_HOST}:${port} within ${startupTimeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl: `http://${PRISM_HOST}:${port}`, port, child, log: () => output, stop };
}

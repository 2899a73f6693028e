// Harness of the app's end-to-end test: paths, a static server of `dist/`, a
// polling assertion and a runner of the app's node scripts.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

/** The app's folder. */
export const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's root. */
export const ROOT = path.resolve(APP, '../..');
/** The app's Vite build output. */
export const DIST = path.join(APP, 'dist');
/** Where the screenshots go. */
export const ARTIFACTS = path.join(ROOT, '.artifacts/e2e');
/** Content types of the files in `dist/`. */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** Serves `dist/` (unknown paths without an extension get index.html). */
export function serveDist(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      let file = path.join(DIST, path.normalize(pathname === '/' ? '/index.html' : pathname));
      if (!file.startsWith(DIST + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      if (!existsSync(file) && path.extname(file) === '') file = path.join(DIST, 'index.html');
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      }
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Polls `read` until its value equals `expected` (or matches it, for a RegExp); the DOM updates
 * asynchronously after clicks, refetches and re-renders.
 */
export async function until<T>(what: string, read: () => Promise<T> | T, expected: T | RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (expected instanceof RegExp ? expected.test(String(value)) : isDeepStrictEqual(value, expected)) return;
    if (Date.now() > deadline) throw new Error(`${what}: expected ${String(expected instanceof RegExp ? expected : JSON.stringify(expected))}, got ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs a node script of the app, failing with its output. */
export function node(args: string[]): void {
  try {
    execFileSync(process.execPath, args, { cwd: APP, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`node ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

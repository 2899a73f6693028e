// `runWatch` with a stand-in for chokidar: an error the watcher reports (the system's limit of file
// watchers, for instance) is printed with RSL_WATCH_FAILED and a hint, and the watch goes on.
import { EventEmitter } from 'node:events';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { FSWatcher } from 'chokidar';
import { type WatchFactory, runWatch } from '../src/runners/watch.js';
import { DEMO_CONTRACT, cleanup, tmpDir } from './helpers.js';

afterAll(cleanup);

/** Polls `test` every 20 ms; fails after `ms`. */
async function until(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('generate --watch, errors of the file watcher', () => {
  test('an ENOSPC is printed as RSL_WATCH_FAILED with the watcher-limit hint; a later change still regenerates', async () => {
    const dir = tmpDir();
    const contract = path.join(dir, 'openapi.yaml');
    copyFileSync(DEMO_CONTRACT, contract);
    const watchers: EventEmitter[] = [];
    const watch: WatchFactory = (paths) => {
      const w = Object.assign(new EventEmitter(), { paths, close: async () => undefined });
      watchers.push(w);
      setImmediate(() => w.emit('ready'));
      return w as unknown as FSWatcher;
    };
    let out = '';
    let err = '';
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
    const controller = new AbortController();
    try {
      const done = runWatch({ contract, output: path.join(dir, 'out'), cache: true, json: false, dryRun: false, watch: true }, { signal: controller.signal, watch, debounceMs: 10 });
      await until('the first run', () => /watching 1 file for changes/.test(out));
      expect(watchers).toHaveLength(1);
      expect((watchers[0] as EventEmitter & { paths: string[] }).paths).toEqual([contract]);

      const limit = Object.assign(new Error(`ENOSPC: System limit for number of file watchers reached, watch '${contract}'`), { code: 'ENOSPC' });
      watchers[0]?.emit('error', limit);
      expect(err).toContain('error RSL_WATCH_FAILED: cannot watch for changes: ENOSPC: System limit for number of file watchers reached');
      expect(err).toContain('hint: The system\'s limit of file watchers is reached: raise it (on Linux, `sysctl fs.inotify.max_user_watches=524288`)');
      // Another error gets the code's default hint.
      watchers[0]?.emit('error', new Error('EACCES: permission denied'));
      expect(err).toContain('RSL_WATCH_FAILED: cannot watch for changes: EACCES: permission denied');
      expect(err).toContain('hint: Restart the watch once the cause is fixed');

      // The watch goes on: a change the watcher reports regenerates.
      watchers[0]?.emit('all', 'change', contract);
      await until('the run after the change', () => (out.match(/watching 1 file for changes/g) ?? []).length === 2);
      expect(out).toContain('changed: ');
      controller.abort();
      expect(await done).toBe(0);
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }, 60_000);
});

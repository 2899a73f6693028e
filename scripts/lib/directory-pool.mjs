// Runs scripts/lib/directory-worker.mjs over many contracts in a few child processes, each handling a share
// of the contracts in turn. A contract that takes longer than the time limit, or a worker that dies (out of
// memory, stack overflow), costs only that contract: it is recorded as failed and a new worker takes the rest.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'directory-worker.mjs');

/**
 * Measures every task; rows come back in task order.
 * @param {{ id: string, file: string, index: number }[]} tasks
 * @param {{ jobs: number, timeoutMs: number, tsc?: boolean, adapter?: string, onRow?: (row: any, done: number) => void }} options
 *   (`adapter`: the `pluginHooks()` adapter the workers generate with, `none` when not given)
 * @returns {Promise<any[]>} one row per task (see directory-worker.mjs)
 */
export async function measureAll(tasks, { jobs, timeoutMs, tsc = false, adapter, onRow = () => {} }) {
  const flags = [...(tsc ? ['--tsc'] : []), ...(adapter ? ['--adapter', adapter] : [])];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'reslayer-directory-'));
  const rows = new Map();
  const queues = Array.from({ length: Math.max(1, jobs) }, () => []);
  tasks.forEach((t, i) => queues[i % queues.length].push(t));
  let done = 0;
  const record = (row) => {
    rows.set(row.id, row);
    onRow(row, ++done);
  };
  try {
    await Promise.all(queues.map((queue, lane) => runLane(queue, lane, { tmp, timeoutMs, flags, record })));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return tasks.map((t) => rows.get(t.id));
}

/** Runs one lane's tasks, starting a new worker after a timeout or a crash. */
async function runLane(queue, lane, { tmp, timeoutMs, flags, record }) {
  let rest = queue;
  for (let attempt = 0; rest.length > 0; attempt++) {
    const file = path.join(tmp, `lane-${lane}-${attempt}.json`);
    writeFileSync(file, JSON.stringify(rest));
    const finished = await runWorker(file, rest, { timeoutMs, flags, record });
    rest = rest.slice(finished.count);
    if (rest.length > 0 && finished.stuck) {
      record({ id: rest[0].id, status: 'failed', error: finished.reason });
      rest = rest.slice(1);
    }
  }
}

/** One worker process: resolves with how many tasks it reported, and why it stopped early. */
function runWorker(file, tasks, { timeoutMs, flags, record }) {
  return new Promise((resolve) => {
    const args = ['--max-old-space-size=8192', '--stack-size=4000', WORKER, file, ...flags];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let count = 0;
    let reason = '';
    let stderr = '';
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        reason = `TIMEOUT: no result within ${timeoutMs / 1000} s`;
        child.kill('SIGKILL');
      }, timeoutMs);
    };
    arm();
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      arm();
      count++;
      record({ ...JSON.parse(line), at: Math.round(performance.now()) });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (count < tasks.length && reason === '') reason = `CRASH: worker exited ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`;
      resolve({ count, stuck: count < tasks.length, reason });
    });
  });
}

/**
 * The worker thread of `OutputLookahead`: stats the recorded files of the output root at once, then, when
 * the main thread names the recycled staging folder, lists it (see `lookaheadScan.ts`). It reads and never
 * writes. Each result is posted on the port it was given, then its slot of the shared flags is set to 1
 * (and notified), so the main thread can wait for it synchronously. Any error is posted as a result with
 * `failed` set: the main thread then looks itself.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { listTree, statFiles } from './lookaheadScan.js';
import { LISTED, type LookaheadReply, type LookaheadRequest, type LookaheadWorkerData, STATTED } from './lookaheadProtocol.js';

const data = workerData as LookaheadWorkerData;
const port: MessagePort = data.port;
const flags = new Int32Array(data.flags);

// Anything unforeseen: both flags set without a reply, so the main thread stops waiting at once and looks itself.
process.on('uncaughtException', () => {
  for (const slot of [STATTED, LISTED]) {
    Atomics.store(flags, slot, 1);
    Atomics.notify(flags, slot);
  }
  process.exit(1);
});

function reply(message: LookaheadReply, slot: number, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
  Atomics.store(flags, slot, 1);
  Atomics.notify(flags, slot);
}

try {
  const at = Date.now();
  const stats = statFiles(data.root, data.rels);
  reply({ type: 'stats', at, stats }, STATTED, [stats.buffer as ArrayBuffer]);
} catch (error) {
  reply({ type: 'stats', failed: (error as Error).message }, STATTED);
}

port.on('message', (request: LookaheadRequest) => {
  if (request.type === 'list') {
    try {
      const listing = listTree(request.dir);
      reply({ type: 'listing', listing }, LISTED, [listing.inos.buffer as ArrayBuffer]);
    } catch (error) {
      reply({ type: 'listing', failed: (error as Error).message }, LISTED);
    }
  }
  port.close();
});

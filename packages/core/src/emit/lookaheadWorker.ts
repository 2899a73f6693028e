/**
 * The worker thread of `OutputLookahead`: for each session, stats the recorded files of the output root at
 * once, then, when the main thread names the recycled staging folder, lists it (see `lookaheadScan.ts`). It
 * reads and never writes. Each result is posted on the session's port, then the session's slot of its shared
 * flags is set to 1 (and notified), so the main thread can wait for it synchronously. Any error is posted as
 * a result with `failed` set: the main thread then looks itself.
 *
 * Started for one run, it serves the session of its `workerData` and ends. Kept by a `LookaheadHost` (the
 * runs of `generate --watch`), it serves each session posted to it, and stays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { listTree, statFiles } from './lookaheadScan.js';
import { LISTED, type LookaheadReply, type LookaheadRequest, type LookaheadSession, type LookaheadWorkerData, STATTED } from './lookaheadProtocol.js';

/** The flags of the sessions not yet over. */
const open = new Set<Int32Array>();

// Anything unforeseen: every open session's flags set without a reply, so the main thread stops waiting at once and looks itself.
process.on('uncaughtException', () => {
  for (const flags of open) {
    for (const slot of [STATTED, LISTED]) {
      Atomics.store(flags, slot, 1);
      Atomics.notify(flags, slot);
    }
  }
  process.exit(1);
});

/** Answers one session: the stats at once, the listing when asked for. */
function serve(session: LookaheadSession): void {
  const { port } = session;
  const flags = new Int32Array(session.flags);
  open.add(flags);
  const reply = (message: LookaheadReply, slot: number, transfer: ArrayBuffer[] = []) => {
    port.postMessage(message, transfer);
    Atomics.store(flags, slot, 1);
    Atomics.notify(flags, slot);
  };
  try {
    const at = Date.now();
    const stats = statFiles(session.root, session.rels);
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
  port.on('close', () => open.delete(flags));
}

const data = workerData as LookaheadWorkerData;
if (data.session) serve(data.session);
else parentPort?.on('message', (session: LookaheadSession) => serve(session));

import { accessSync, constants, lstatSync } from 'node:fs';
import path from 'node:path';
import { GeneratorError, cmp } from '@reslayer/core';
import type { CommitStep } from './commit.js';
import type { OutputPaths } from './paths.js';

/** Folders shown in a refusal, at most. */
const SHOWN = 5;

/**
 * Refuses a commit, before it changes anything, when a folder it renames into cannot be written by this user: a
 * folder of another user (as `docker run` leaves one, owned by root), a read-only one, or one on a read-only
 * mount. Entries the run does not own are never touched, so only folders that receive or lose generated files
 * are checked.
 * @param paths the root and its siblings
 * @param steps the commit's steps
 * @throws GeneratorError `RSL_WRITE_FAILED` naming the folders (root-relative), their owner and mode, with a hint
 */
export function assertWritable(paths: OutputPaths, steps: readonly CommitStep[]): void {
  const folders = new Set(steps.map((s) => path.dirname(s.target)));
  const blocked: string[] = [];
  for (const dir of [...folders].sort(cmp)) {
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch (error) {
      const stats = lstatSync(dir, { throwIfNoEntry: false });
      const rel = path.relative(paths.real, dir) || '.';
      const code = (error as NodeJS.ErrnoException).code;
      blocked.push(`${rel} (${code === 'EROFS' ? 'a read-only file system' : `owner uid ${stats?.uid}, mode ${((stats?.mode ?? 0) & 0o7777).toString(8)}`})`);
    }
  }
  if (blocked.length === 0) return;
  const uid = process.getuid?.();
  const shown = blocked.slice(0, SHOWN).join(', ') + (blocked.length > SHOWN ? ` and ${blocked.length - SHOWN} more` : '');
  throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${paths.root}: generated files go into folders this user${uid === undefined ? '' : ` (uid ${uid})`} cannot write: ${shown}; nothing was written`, {
    hint: `Give those folders to the user that runs reslayer (for example \`sudo chown -R "$(id -u):$(id -g)" <folder>\` in ${paths.root}), or remove them, then run again.`,
  });
}

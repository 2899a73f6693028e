import v8 from 'node:v8';

/** The new space's size (MiB, both semi-spaces) at which {@link holdNewSpace} stops it growing. */
export const HOLD_NEW_SPACE_MIB = 8;

/** V8 majors known to have `--semi-space-growth-factor` (Node 20: 11, 22: 12, 24: 13); others are left alone. */
const KNOWN_V8 = /^1[0-4]\./;

let held = false;

/**
 * Keeps V8's young generation (the new space) at the size it has reached once it holds
 * {@link HOLD_NEW_SPACE_MIB} MiB: sets `--semi-space-growth-factor=1`, which V8 reads each time it would grow the
 * space. Node 24 lets the space grow to 128 MiB on a machine with enough memory, which was most of a generate's
 * peak RSS on GitHub's contract (figures in docs/engine.md, "Memory"). Called at each phase of a one-off run, not a
 * watch's (its edits were slower with the space held); does nothing before the space reaches that size (the CLI's
 * own start-up grows it there), after it has held it, or on a V8 not known to have the flag.
 */
export function holdNewSpace(): void {
  if (held || !KNOWN_V8.test(process.versions.v8)) return;
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (!space || space.space_size < HOLD_NEW_SPACE_MIB * 1024 * 1024) return;
  held = true;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

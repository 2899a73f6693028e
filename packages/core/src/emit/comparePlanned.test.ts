import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileStamp, fileStatOf, sha256 } from './cacheRecord.js';
import { scanOutput } from './outputTree.js';
import { type PlanState, type WritePlan, comparePlanned } from './planFileSet.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const emptyPlan = (): WritePlan => ({ created: [], updated: [], unchanged: [], removed: [] });

/** An output root holding `src/a.ts` with `text`, and the stamp its current stat would get. */
async function rootWith(text: string): Promise<{ location: { outputRoot: string; srcDir: string }; stamp: FileStamp }> {
  const outputRoot = await tmp.sub('compare');
  await mkdir(path.join(outputRoot, 'src'), { recursive: true });
  await writeFile(path.join(outputRoot, 'src/a.ts'), text);
  const stamp = { ...fileStatOf(await stat(path.join(outputRoot, 'src/a.ts'))), sha256: sha256(text) };
  return { location: { outputRoot, srcDir: 'src' }, stamp };
}

describe('comparePlanned with the cache record’s stamps', () => {
  it('a file whose stat equals its stamp is compared by digest, without reading it', async () => {
    const { location, stamp } = await rootWith('export const a = 1;\n');
    const scan = await scanOutput(location);
    const stats: PlanState['unchangedStats'] = new Map();
    // The stamp claims other contents than the disk holds: only a comparison that trusts the stamp says "unchanged".
    const claimed = 'export const a = 2;\n';
    const plan = emptyPlan();
    const known = { stamps: new Map([['src/a.ts', { ...stamp, sha256: sha256(claimed) }]]), digest: sha256(claimed) };
    expect(comparePlanned(location, scan, 'src/a.ts', claimed, plan, stats, known)).toBe('unchanged');
    expect(plan.unchanged).toEqual(['src/a.ts']);
    expect(stats.get('src/a.ts')?.stats).toEqual(fileStatOf(await stat(path.join(location.outputRoot, 'src/a.ts'))));
    // A stamp with another digest than the new text: updated, again without reading.
    const other = emptyPlan();
    expect(comparePlanned(location, scan, 'src/a.ts', claimed, other, new Map(), { ...known, digest: sha256('something else') })).toBe('updated');
  });

  it('a file whose stat moved, or whose stamp is racy or missing, is read and compared by its text', async () => {
    const { location, stamp } = await rootWith('export const a = 1;\n');
    const scan = await scanOutput(location);
    const text = 'export const a = 1;\n';
    const wrong = sha256('export const a = 2;\n');
    const cases: Array<ReadonlyMap<string, FileStamp>> = [
      new Map([['src/a.ts', { ...stamp, mtimeMs: stamp.mtimeMs - 5000, sha256: wrong }]]),
      new Map([['src/a.ts', { ...stamp, size: -1, sha256: wrong }]]),
      new Map(),
    ];
    for (const stamps of cases) {
      const plan = emptyPlan();
      // The digest says "changed", the disk says "same": the disk decides.
      expect(comparePlanned(location, scan, 'src/a.ts', text, plan, new Map(), { stamps, digest: wrong })).toBe('unchanged');
      expect(comparePlanned(location, scan, 'src/a.ts', 'export const a = 3;\n', emptyPlan(), new Map(), { stamps, digest: wrong })).toBe('updated');
    }
  });
});

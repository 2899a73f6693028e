// core's OutputLookahead as built (`pnpm build` first): its worker thread (dist/emit/lookaheadWorker.js) only
// exists in the build. What it reports must be what the disk says (the stat of each regular file, the inode
// of each file of the listed folder, the folder's listing), only positive findings count, and the same
// answers come without the worker (RESLAYER_STAGING_WORKER=0, on the main thread). pruneStaging with that
// listing must leave the same tree as pruneStaging walking the folder.
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file: string) => pathToFileURL(path.join(root, 'packages/core/dist/emit', file)).href;

interface Looked {
  stats: { size: number; mtimeMs: number; ctimeMs: number; ino: number };
  at: number;
}
interface TreeListing {
  dirs: string[];
  files: string[];
  inos: Float64Array;
  others: string[];
}
interface Lookahead {
  listStaging(dir: string): void;
  stat(rel: string): Looked | undefined;
  stagingIno(rel: string): number | undefined;
  stagingListing(): TreeListing | undefined;
  close(): void;
}
interface Host {
  readonly threads: number;
  close(): void;
}
type LookaheadClass = new (root: string, rels: readonly string[], host?: Host) => Lookahead;
type Prune = (staging: string, files: ReadonlySet<string>, folders: ReadonlySet<string>, listing?: TreeListing) => void;

let OutputLookahead: LookaheadClass;
let LookaheadHost: new () => Host;
let pruneStaging: Prune;
let workerScript: (name: string) => URL | null;
let listTree: (dir: string) => TreeListing;
let dir: string;

beforeAll(async () => {
  ({ OutputLookahead, LookaheadHost } = (await import(dist('lookahead.js'))) as { OutputLookahead: LookaheadClass; LookaheadHost: new () => Host });
  ({ pruneStaging } = (await import(dist('spare.js'))) as { pruneStaging: Prune });
  ({ workerScript } = (await import(dist('workerScript.js'))) as { workerScript: (name: string) => URL | null });
  ({ listTree } = (await import(dist('lookaheadScan.js'))) as { listTree: (dir: string) => TreeListing });
});
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'reslayer-lookahead-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(base: string, rel: string, text = rel): void {
  mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
  writeFileSync(path.join(base, rel), text);
}

/** Every entry below a folder, with its kind, sorted. */
function tree(base: string): string[] {
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .map((e) => `${path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/')}${e.isDirectory() ? '/' : e.isSymbolicLink() ? '@' : ''}`)
    .sort();
}

/** An output root with files, a folder where a file was recorded, a symbolic link and a missing file; and a staging folder. */
function layout(): { out: string; staging: string; rels: string[] } {
  const out = path.join(dir, 'out');
  const rels = Array.from({ length: 300 }, (_, i) => `src/r${i % 13}/f${i}.ts`);
  for (const rel of rels) put(out, rel, `export const f = '${rel}';\n`);
  mkdirSync(path.join(out, 'src/folder.ts'), { recursive: true });
  symlinkSync('r0/f0.ts', path.join(out, 'src/link.ts'));
  const staging = path.join(dir, 'staging');
  for (const rel of rels.slice(0, 100)) {
    mkdirSync(path.dirname(path.join(staging, rel)), { recursive: true });
    linkSync(path.join(out, rel), path.join(staging, rel));
  }
  put(staging, 'src/old/stale.ts');
  symlinkSync('nowhere', path.join(staging, 'src/dangling.ts'));
  return { out, staging, rels: [...rels, 'src/folder.ts', 'src/link.ts', 'src/missing.ts'] };
}

describe.each([
  ['with its worker thread', undefined],
  ['on the main thread (RESLAYER_STAGING_WORKER=0)', '0'],
])('OutputLookahead (built) %s', (_label, env) => {
  beforeEach(() => {
    if (env === undefined) delete process.env.RESLAYER_STAGING_WORKER;
    else process.env.RESLAYER_STAGING_WORKER = env;
  });
  afterAll(() => delete process.env.RESLAYER_STAGING_WORKER);

  it('reports the disk’s stat of each regular file, the time before it, and nothing for the rest', () => {
    expect(workerScript('lookaheadWorker.js') === null).toBe(env === '0');
    const { out, rels } = layout();
    const before = Date.now();
    const lookahead = new OutputLookahead(out, rels);
    try {
      for (const rel of rels.slice(0, 300)) {
        const looked = lookahead.stat(rel);
        const disk = statSync(path.join(out, rel));
        expect(looked?.stats).toEqual({ size: disk.size, mtimeMs: disk.mtimeMs, ctimeMs: disk.ctimeMs, ino: disk.ino });
        expect(looked?.at).toBeGreaterThanOrEqual(before);
      }
      // A symbolic link to a file is followed, as the checks it stands in for follow it.
      expect(lookahead.stat('src/link.ts')?.stats.ino).toBe(statSync(path.join(out, 'src/r0/f0.ts')).ino);
      expect(lookahead.stat('src/folder.ts')).toBeUndefined();
      expect(lookahead.stat('src/missing.ts')).toBeUndefined();
      expect(lookahead.stat('src/not-recorded.ts')).toBeUndefined();
      // Not asked to list anything: no listing.
      expect(lookahead.stagingListing()).toBeUndefined();
    } finally {
      lookahead.close();
    }
  });

  it('lists the staging folder it is given, with the inode of each regular file', () => {
    const { out, staging, rels } = layout();
    const lookahead = new OutputLookahead(out, rels);
    try {
      lookahead.listStaging(staging);
      const listing = lookahead.stagingListing();
      expect(listing).toBeDefined();
      const kinds = [...listing!.dirs.map((d) => `${d}/`), ...listing!.files, ...listing!.others.map((o) => `${o}@`)].sort();
      expect(kinds).toEqual(tree(staging));
      for (const rel of listing!.files) expect(lookahead.stagingIno(rel)).toBe(lstatSync(path.join(staging, rel)).ino);
      // The same file as the root's: the same inode.
      expect(lookahead.stagingIno(rels[0]!)).toBe(statSync(path.join(out, rels[0]!)).ino);
      expect(lookahead.stagingIno('src/dangling.ts')).toBeUndefined();
      expect(lookahead.stagingIno(rels[200]!)).toBeUndefined();
    } finally {
      lookahead.close();
    }
  });

  it('answers nothing about a folder that cannot be listed', () => {
    const { out, rels } = layout();
    const lookahead = new OutputLookahead(out, rels);
    lookahead.listStaging(path.join(dir, 'no-such-folder'));
    expect(lookahead.stagingListing()).toBeUndefined();
    expect(lookahead.stagingIno(rels[0]!)).toBeUndefined();
    expect(lookahead.stat(rels[0]!)).toBeDefined();
    lookahead.close();
  });
});

describe('LookaheadHost (built): one worker thread for the look-aheads of several runs', () => {
  afterEach(() => delete process.env.RESLAYER_STAGING_WORKER);

  /** One run's look-ahead through the host, checked against the disk. */
  function session(host: Host, round: number): void {
    const { out, staging, rels } = layout();
    // The run before changed a file: this session must see the disk as it is now.
    writeFileSync(path.join(out, rels[round]!), `changed in round ${round}\n`);
    const lookahead = new OutputLookahead(out, rels, host);
    try {
      for (const rel of [rels[0]!, rels[round]!, rels[299]!]) {
        const disk = statSync(path.join(out, rel));
        expect(lookahead.stat(rel)?.stats).toEqual({ size: disk.size, mtimeMs: disk.mtimeMs, ctimeMs: disk.ctimeMs, ino: disk.ino });
      }
      expect(lookahead.stat('src/missing.ts')).toBeUndefined();
      lookahead.listStaging(staging);
      expect(lookahead.stagingListing()?.files.length).toBe(101);
    } finally {
      lookahead.close();
    }
  }

  it('answers each run as the disk is, from the one thread it started', () => {
    const host = new LookaheadHost();
    for (let round = 1; round <= 3; round++) {
      session(host, round);
      rmSync(path.join(dir, 'out'), { recursive: true, force: true });
      rmSync(path.join(dir, 'staging'), { recursive: true, force: true });
    }
    expect(host.threads).toBe(1);
    // Closed between runs: the next run starts a new thread.
    host.close();
    session(host, 4);
    expect(host.threads).toBe(2);
    host.close();
  });

  it('starts no thread when the worker threads are off (the main thread looks)', () => {
    process.env.RESLAYER_STAGING_WORKER = '0';
    const host = new LookaheadHost();
    session(host, 1);
    expect(host.threads).toBe(0);
  });
});

describe('pruneStaging with the listing taken when the staging folder was opened', () => {
  it('leaves the same tree as walking the folder, after the run replaced entries in the way', () => {
    const build = (base: string) => {
      for (const rel of ['keep/a.ts', 'keep/b.ts', 'gone/x.ts', 'gone/deep/y.ts', 'was-dir/z.ts', 'was-file', 'stale.ts', 'keep/stale.ts']) put(base, rel);
      symlinkSync('keep/a.ts', path.join(base, 'link-stale'));
    };
    const walked = path.join(dir, 'walked');
    const listed = path.join(dir, 'listed');
    build(walked);
    build(listed);
    const listing = listTree(listed);
    // What a run did meanwhile: a file where a folder was, a folder where a file was, a new file.
    for (const base of [walked, listed]) {
      rmSync(path.join(base, 'was-dir'), { recursive: true });
      put(base, 'was-dir', 'now a file');
      rmSync(path.join(base, 'was-file'));
      put(base, 'was-file/inner.ts');
      put(base, 'new/n.ts');
    }
    const files = new Set(['keep/a.ts', 'keep/b.ts', 'was-dir', 'was-file/inner.ts', 'new/n.ts', '.manifest']);
    const folders = new Set(['keep', 'was-file', 'new']);
    pruneStaging(walked, files, folders);
    pruneStaging(listed, files, folders, listing);
    expect(tree(listed)).toEqual(tree(walked));
    expect(tree(listed)).toEqual(['keep/', 'keep/a.ts', 'keep/b.ts', 'new/', 'new/n.ts', 'was-dir', 'was-file/', 'was-file/inner.ts']);
  });
});

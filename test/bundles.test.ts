// The bundles of scripts/bundle.mjs (`pnpm build` first): each library package's `exports` point into lib/,
// which must offer what dist/ offers and hold every file the bundled code locates beside itself.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = path.join(root, 'packages');

interface Manifest {
  main?: string;
  files?: string[];
  exports: Record<string, string | { types?: string; default?: string }>;
}

/** The packages whose `exports` point into lib/, with their manifests. */
const bundled = readdirSync(packagesDir)
  .sort()
  .map((name) => ({ name, manifest: JSON.parse(readFileSync(path.join(packagesDir, name, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => Object.values(manifest.exports).some((e) => typeof e === 'object' && e.default?.startsWith('./lib/')));

/** The sources of a package (tests left out). */
function sources(name: string): string[] {
  const src = path.join(packagesDir, name, 'src');
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

test('the library packages are bundled, the CLI and the runtime are not', () => {
  expect(bundled.map((b) => b.name)).toEqual(['core', 'diff', 'engine', 'plugin-client', 'plugin-collections', 'plugin-config-meta', 'plugin-hooks', 'plugin-mocks', 'plugin-validators']);
});

describe.each(bundled)('$name', ({ name, manifest }) => {
  const dir = path.join(packagesDir, name);
  const entries = Object.entries(manifest.exports).filter((e): e is [string, { types: string; default: string }] => typeof e[1] === 'object');

  test('every export has its bundle in lib/ and its declarations in dist/; main and files follow', () => {
    for (const [, target] of entries) {
      expect(target.default).toMatch(/^\.\/lib\/.+\.js$/);
      expect(existsSync(path.join(dir, target.default))).toBe(true);
      expect(target.types).toBe(target.default.replace('./lib/', './dist/').replace(/\.js$/, '.d.ts'));
    }
    expect(manifest.main).toBe('./lib/index.js');
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'lib']));
  });

  test('each bundle exports what the compiled module of the same path exports', async () => {
    for (const [, target] of entries) {
      const fromLib = (await import(pathToFileURL(path.join(dir, target.default)).href)) as Record<string, unknown>;
      const fromDist = (await import(pathToFileURL(path.join(dir, target.default.replace('./lib/', './dist/'))).href)) as Record<string, unknown>;
      expect(Object.keys(fromLib).sort()).toEqual(Object.keys(fromDist).sort());
      expect(Object.keys(fromLib).length).toBeGreaterThan(0);
    }
  });

  test('every file its code locates beside itself (new URL("./…", import.meta.url)) is in lib/', () => {
    const located = sources(name).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/new URL\('\.\/([^']+)', import\.meta\.url\)/g)].map((m) => m[1] as string));
    for (const file of located) expect({ file, present: existsSync(path.join(dir, 'lib', file)) }).toEqual({ file, present: true });
    // A module below src/'s root would look from another depth in dist/ than in the bundle.
    const deep = sources(name).filter((file) => path.dirname(file) !== path.join(dir, 'src') && /new URL\('\.\.\//.test(readFileSync(file, 'utf8')));
    expect(deep).toEqual([]);
  });
});

test("the engine's build identity is beside its compiled code, in dist/ and in lib/", () => {
  for (const folder of ['dist', 'lib']) {
    const info = JSON.parse(readFileSync(path.join(packagesDir, 'engine', folder, 'buildInfo.json'), 'utf8')) as { format: number; hash: string };
    expect(info).toMatchObject({ format: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  }
});

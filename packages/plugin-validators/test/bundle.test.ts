// Validation costs nothing when it is off: an application that imports the generated client (and not the
// schemas modules) bundles no zod or valibot code. Checked with esbuild's metafile (the inputs of the bundle);
// importing a resource's `.schemas.js` module, the way an application opts in, does pull the library in.
//
// Needs `pnpm build` first: the bundles resolve `@reslayer/runtime` to its dist.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { DEMO_CONTRACT, generateLayer, LIBRARIES } from './helpers.js';

const CLIENT = './src/shared/api/generated/contacts/index.js';
const SCHEMAS = './src/shared/api/generated/contacts/contacts.schemas.js';

/** Bundles `entry` (written into `dir`) for the browser and returns the metafile and the output size. */
async function bundle(dir: string, name: string, entry: string): Promise<{ metafile: Metafile; bytes: number }> {
  const file = path.join(dir, `${name}.ts`);
  writeFileSync(file, entry);
  const result = await build({ entryPoints: [file], bundle: true, write: false, metafile: true, format: 'esm', platform: 'browser', minify: true, absWorkingDir: dir, logLevel: 'silent' });
  return { metafile: result.metafile, bytes: result.outputFiles.reduce((n, f) => n + f.contents.byteLength, 0) };
}

/** Inputs of a bundle that come from a schema library's package. */
function libraryInputs(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs).filter((p) => /(^|\/)node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(zod|valibot)\//.test(p));
}

describe.each(LIBRARIES)('bundle with %s schemas generated', (library) => {
  let dir: string;
  beforeAll(async () => {
    ({ outDir: dir } = await generateLayer(`bundle-${library}`, DEMO_CONTRACT, { library }, { mocks: false }));
  });

  it('validate off, schemas not imported: no schema library code in the bundle', async () => {
    const off = await bundle(
      dir,
      'off',
      `import { configureClient } from '@reslayer/runtime';\nimport { contactsClient } from '${CLIENT}';\nconfigureClient({ baseUrl: 'https://api.example.test' });\nexport const page = contactsClient.listContacts({ page: 1 });\n`,
    );
    expect(libraryInputs(off.metafile)).toEqual([]);
    // The client itself is in the bundle (the check is not vacuous).
    expect(Object.keys(off.metafile.inputs).some((p) => p.endsWith('contacts.client.ts'))).toBe(true);
    expect(Object.keys(off.metafile.inputs).some((p) => p.endsWith('.schemas.ts'))).toBe(false);

    const on = await bundle(
      dir,
      'on',
      `import { configureClient } from '@reslayer/runtime';\nimport { contactsClient } from '${CLIENT}';\nimport '${SCHEMAS}';\nconfigureClient({ baseUrl: 'https://api.example.test', validate: 'both' });\nexport const page = contactsClient.listContacts({ page: 1 });\n`,
    );
    expect(libraryInputs(on.metafile).length).toBeGreaterThan(0);
    console.log(`bundle (${library}, minified): validate off ${off.bytes} bytes, schemas imported ${on.bytes} bytes (+${on.bytes - off.bytes})`);
  });
});

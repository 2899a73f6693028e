// The collections of real contracts type-check under TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess,
// exactOptionalPropertyTypes), with the zod schemas on: every contract of the corpus (fixtures/corpus, or the folder
// RESLAYER_CORPUS names) is generated with the client, the validators and the collections into one project, checked
// once per compiler; so are the repository's contracts of hostile names and odd shapes (fixtures/openapi). Prints `collections: <contract> N of M resources (create c, update u, delete d)` for each: how many
// collections send their inserts, updates and deletes (a write is left out where a row's type cannot fill its body).
//
// Needs `pnpm build` first: the generated code imports `@reslayer/runtime`, whose types come from its dist.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runGenerator } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginCollections } from '@reslayer/plugin-collections';
import { pluginValidators } from '@reslayer/plugin-validators';
import { corpusSpecs } from '../../../test/helpers/corpus.js';
import { COMPILER_LIST, typecheckProject } from '../../../test/utils/typecheck.js';
import { writeGenerated } from '../../../test/utils/writeGenerated.js';
import { OUT, REPO_ROOT } from './helpers.js';

/** The corpus contracts that generate, the repository's contracts of hostile names and odd shapes, and this plugin's. */
const SPECS = [
  ...corpusSpecs().filter((s) => s.expect === 'generate'),
  ...['hostile/hostile.yaml', 'hostile/hostile-hooks.yaml', '3.0/naming.yaml', '3.0/operations.yaml', '3.0/composition.yaml', '3.1/features.yaml'].map((f) => ({
    name: f.replace(/[/.]/g, '-'),
    file: path.join(REPO_ROOT, 'fixtures/openapi', f),
  })),
  { name: 'shapes', file: path.join(REPO_ROOT, 'packages/plugin-collections/test/fixtures/shapes.yaml') },
];

it('the collections of every corpus contract type-check under TypeScript 5.9 and 7', async () => {
  const outDir = path.join(OUT, 'corpus');
  rmSync(outDir, { recursive: true, force: true });
  let total = 0;
  for (const spec of SPECS) {
    const root = path.join(outDir, spec.name);
    mkdirSync(root, { recursive: true });
    const plugins = [pluginClient(), pluginValidators({ library: 'zod' }), pluginCollections()];
    const result = await runGenerator({ input: spec.file, outputRoot: root, srcDir: 'src', plugins, allowRemoteRefs: false });
    await writeGenerated(root, result.files);
    const files = result.files.filter((f) => f.path.includes('/collection/'));
    const writes = (member: string): number => files.filter((f) => f.contents.includes(`      ${member}: (`)).length;
    console.log(`collections: ${spec.name} ${files.length} of ${result.model.resources.length} resources (create ${writes('create')}, update ${writes('update')}, delete ${writes('delete')})`);
    total += files.length;
  }
  expect(total).toBeGreaterThan(0);
  // The collection files and what they import (client, types, schemas): the rest of a layer is checked by its own tests.
  const checks = typecheckProject(outDir, { tsconfig: { include: ['*/src/features/*/collection/*.ts'] } });
  for (const [label] of COMPILER_LIST) expect({ label, errors: checks[label]?.errors }).toEqual({ label, errors: [] });
}, 600_000);

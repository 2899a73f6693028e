// An entity that is a union whose members fix the key (`oneOf` of `{ id: { enum: [1] } }` and `{ id: { enum: [3] } }`):
// each seed of the store is a member's value, never one member's sample with another member's key.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';

it('the seeds of a store keyed by the members of a union each fit one member', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-union-keys-'));
  try {
    await generate(path.join(TEST_DIR, 'fixtures/union-keys.yaml'), dir);
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
    const mod = (await import(pathToFileURL(path.join(dir, 'js/shared/mocks/games/index.js')).href)) as Record<string, unknown>;
    const seeds = mod.gamesFixtures as Array<{ id: unknown; name: unknown }>;
    expect(seeds.length).toBeGreaterThan(0);
    const members: Record<string, string> = { '1': 'LoL', '3': 'CS:GO' };
    for (const seed of seeds) expect(seed.name).toBe(members[String(seed.id)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

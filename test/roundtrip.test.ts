// The generated layer used as a user uses it: the generated client against the generated MSW mocks, over contracts
// whose lists and items sit in envelopes (`{ data: [...] }`, `{ data: {...} }`, `{ results }`, a bare array) and
// page by page number, cursor, item cursor and Link header (scripts/lib/roundTrip.mjs; `pnpm build` first).
import path from 'node:path';
import { ROOT } from './helpers/paths.js';
import { typecheck } from './utils/typecheck.js';
// @ts-expect-error a plain ES module of the scripts (no declarations)
import { roundTripContract } from '../scripts/lib/roundTrip.mjs';

interface RoundTrip {
  error?: string;
  resources: Array<{ resource: string; ok: boolean; failures: Array<{ step: string; cause: string }>; changed: string | null }>;
  lists: Array<{ resource: string; mode: string; store: boolean; pageTwoDiffers: boolean | null; ended: boolean; everyItemOnce: boolean | null; totalAgrees: boolean | null; failure: string | null; pages: number }>;
}

const run = (contract: string, name: string): Promise<RoundTrip> => roundTripContract(path.join(ROOT, contract), path.join(ROOT, '.runtime-out/roundtrip', name)) as Promise<RoundTrip>;

describe('round trips through the generated client against the generated mocks', () => {
  let envelopes: RoundTrip;
  let demo: RoundTrip;

  beforeAll(async () => {
    envelopes = await run('fixtures/openapi/roundtrip/envelopes.yaml', 'envelopes');
    demo = await run('examples/public-crm/openapi.yaml', 'demo');
  }, 240_000);

  it('create → list → read → update → list → read → delete → 404 for every CRUD resource whose list holds the entity', () => {
    expect(envelopes.error).toBeUndefined();
    const byName = new Map(envelopes.resources.map((r) => [r.resource, r]));
    for (const name of ['items', 'notes', 'users']) expect({ name, ...byName.get(name) }).toMatchObject({ name, ok: true, failures: [] });
    // Every round trip changed a property and saw the change.
    for (const name of ['items', 'notes', 'users']) expect(byName.get(name)?.changed).not.toBeNull();
    expect(demo.resources.map((r) => [r.resource, r.ok])).toEqual([['companies', true], ['contacts', true]]);
  });

  it('the output of the envelopes contract type-checks with TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes)', () => {
    const { tsc59, tsc7 } = typecheck(path.join(ROOT, '.runtime-out/roundtrip/envelopes'));
    expect({ tsc59, tsc7 }).toEqual({ tsc59: [], tsc7: [] });
  }, 240_000);

  it('a list of summaries with a property the entity lacks keeps no state (lint warns about it): the round trip shows it', () => {
    expect(envelopes.resources.find((r) => r.resource === 'reports')).toMatchObject({ ok: false, failures: [{ step: 'list shows it' }] });
  });

  it('pages: page 2 differs from page 1, the infinite query ends, every stored item once, the total agrees', () => {
    const lists = new Map(envelopes.lists.map((l) => [l.resource, l]));
    expect([...lists.keys()].sort()).toEqual(['charges', 'items', 'notes', 'users']);
    for (const l of lists.values()) expect(l).toMatchObject({ store: true, pageTwoDiffers: true, ended: true, everyItemOnce: true, failure: null });
    expect(lists.get('items')).toMatchObject({ mode: 'page', totalAgrees: true });
    expect(lists.get('notes')?.mode).toBe('cursor');
    expect(lists.get('charges')?.mode).toBe('cursor');
    // Three stored users, a page each, then an empty page ends a list without a total or a next link.
    expect(lists.get('users')).toMatchObject({ mode: 'page', pages: 4 });
    for (const l of demo.lists) expect(l).toMatchObject({ pageTwoDiffers: true, ended: true, everyItemOnce: true, totalAgrees: true });
  });
});

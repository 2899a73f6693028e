import { MutationObserver, QueryClient, QueryObserver, type QueryKey } from '@tanstack/query-core';
import { withCacheEffects, withOptimisticEffects } from './hookOptions.js';
import { listCacheHelpers } from './listCache.js';
import { applyCacheEffects, cacheMutation, optimisticMutation, type CacheEffects } from './mutations.js';

interface Thing { id: string; name: string }
interface Vars { id: string; payload: { name: string } }
const keys = { all: ['things'] as const, lists: () => ['things', 'list'] as const, detail: (id: string) => ['things', 'detail', id] as const };
const cache = listCacheHelpers<Thing, Thing>({ lists: keys.lists, items: 'items', total: 'total', key: 'id' });
const listKey = [...keys.lists(), {}];

/** A client with a list and a detail. */
function setup(): { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryDefaults(keys.lists(), { queryFn: async () => ({ items: [{ id: '1', name: 'server' }], total: 1 }) });
  client.setQueryData(listKey, { items: [{ id: '1', name: 'a' }, { id: '2', name: 'b' }], total: 2 });
  client.setQueryData(keys.detail('1'), { id: '1', name: 'a' });
  return { client };
}

describe('applyCacheEffects', () => {
  it.each<[string, CacheEffects<Vars>, (client: QueryClient) => void]>([
    ['invalidate marks the lists stale', { invalidate: () => [keys.lists()], remove: () => [], setFromResponse: () => [] }, (client) => {
      expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
      expect(client.getQueryState(keys.detail('1'))?.isInvalidated).toBe(false);
    }],
    ['remove drops a detail nobody shows', { invalidate: () => [], remove: (v) => [keys.detail(v.id)], setFromResponse: () => [] }, (client) => {
      expect(client.getQueryState(keys.detail('1'))).toBeUndefined();
    }],
    ['setFromResponse writes the response', { invalidate: () => [], remove: () => [], setFromResponse: (v) => [keys.detail(v.id)] }, (client) => {
      expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'new' });
    }],
  ])('%s', async (_name, effects, check) => {
    const { client } = setup();
    await applyCacheEffects(client, effects, { id: '1', name: 'new' }, { id: '1', payload: { name: 'new' } });
    check(client);
  });

  it('keeps a deleted detail that a component still shows (no refetch of what is gone)', async () => {
    const { client } = setup();
    const observer = new QueryObserver(client, { queryKey: keys.detail('1'), queryFn: async () => ({ id: '1', name: 'a' }), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await applyCacheEffects(client, { invalidate: () => [], remove: () => [keys.detail('1')], setFromResponse: () => [] }, null, undefined);
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'a' });
    unsubscribe();
  });
});

describe('cacheMutation and optimisticMutation', () => {
  const effects: CacheEffects<Vars> = { invalidate: () => [keys.lists()], remove: () => [], setFromResponse: (v) => [keys.detail(v.id)] };
  const spec = (fn: (v: Vars) => Promise<Thing>) => ({ mutationKey: [...keys.all, 'update'] as const, mutationFn: fn, effects });
  const edit = { kind: 'update' as const, cache, lists: () => keys.lists() as QueryKey, id: (v: Vars) => v.id, detail: (v: Vars) => keys.detail(v.id) as QueryKey, patch: (v: Vars) => v.payload };

  it('without a QueryClient, onSuccess changes nothing', async () => {
    const options = cacheMutation(undefined, spec(async () => ({ id: '1', name: 'x' })));
    await expect(options.onSuccess({ id: '1', name: 'x' }, { id: '1', payload: { name: 'x' } })).resolves.toBeUndefined();
    expect(options.mutationKey).toEqual(['things', 'update']);
  });

  it('an optimistic update shows at once and rolls back on error', async () => {
    const { client } = setup();
    let fail: (e: Error) => void = () => undefined;
    const pending = new Promise<Thing>((_resolve, reject) => (fail = reject));
    const options = optimisticMutation<Thing, Error, Vars, readonly ['things', 'update']>(client, spec(() => pending), edit, true);
    const run = new MutationObserver(client, options).mutate({ id: '1', payload: { name: 'optimistic' } });
    await new Promise((r) => setTimeout(r, 10));
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'optimistic' });
    expect((client.getQueryData(listKey) as { items: Thing[] }).items[0]).toEqual({ id: '1', name: 'optimistic' });
    fail(new Error('no'));
    await expect(run).rejects.toThrow('no');
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'a' });
    expect(client.getQueryData(listKey)).toEqual({ items: [{ id: '1', name: 'a' }, { id: '2', name: 'b' }], total: 2 });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('applies the edit in onMutate only when enabled', async () => {
    for (const enabled of [true, false]) {
      const { client } = setup();
      const options = optimisticMutation<Thing, Error, Vars, readonly ['things', 'update']>(client, spec(async () => ({ id: '1', name: 'x' })), edit, enabled);
      const snapshot = await options.onMutate({ id: '1', payload: { name: 'optimistic' } });
      expect(snapshot.length > 0).toBe(enabled);
      expect((client.getQueryData(keys.detail('1')) as Thing).name).toBe(enabled ? 'optimistic' : 'a');
      expect((client.getQueryData(listKey) as { items: Thing[] }).items[0]?.name).toBe(enabled ? 'optimistic' : 'a');
    }
  });

  it('behind envelopes: the patch comes from the payload\'s wrapper, merges into the detail\'s entity, only the fields given', async () => {
    const { client } = setup();
    client.setQueryData(keys.detail('1'), { data: { id: '1', name: 'a' }, meta: { v: 1 } });
    const wrapped = listCacheHelpers<Thing, { data: Thing }>({ lists: keys.lists, items: 'items', total: 'total', key: 'id', detail: 'data' });
    type Wrapped = { id: string; payload: { data?: { name: string; password: string } } };
    const env = { kind: 'update' as const, cache: wrapped, lists: () => keys.lists() as QueryKey, id: (v: Wrapped) => v.id, detail: (v: Wrapped) => keys.detail(v.id) as QueryKey, patch: (v: Wrapped) => v.payload?.['data'], fields: ['name'] };
    const options = optimisticMutation<Thing, Error, Wrapped, readonly ['things', 'update']>(client, { mutationKey: [...keys.all, 'update'] as const, mutationFn: async () => ({ id: '1', name: 'x' }), effects: { invalidate: () => [], remove: () => [], setFromResponse: () => [] } }, env, true);
    await options.onMutate({ id: '1', payload: { data: { name: 'optimistic', password: 'secret' } } });
    expect(client.getQueryData(keys.detail('1'))).toEqual({ data: { id: '1', name: 'optimistic' }, meta: { v: 1 } });
    expect((client.getQueryData(listKey) as { items: Thing[] }).items[0]).toEqual({ id: '1', name: 'optimistic' });
  });

  it('each cached copy takes the patch properties it has: `fields` for the detail, `itemFields` for the list items; a null payload merges nothing', async () => {
    const { client } = setup();
    client.setQueryData(keys.detail('1'), { id: '1', name: 'a', roleArn: 'r0' });
    type Patch = { id: string; payload: { roleArn?: string; name?: string } | null };
    const edit2 = { kind: 'update' as const, cache, lists: () => keys.lists() as QueryKey, id: (v: Patch) => v.id, detail: (v: Patch) => keys.detail(v.id) as QueryKey, patch: (v: Patch) => v.payload, fields: ['roleArn'], itemFields: [] };
    const options = optimisticMutation<Thing, Error, Patch, readonly ['things', 'update']>(client, { mutationKey: [...keys.all, 'update'] as const, mutationFn: async () => ({ id: '1', name: 'x' }), effects: { invalidate: () => [], remove: () => [], setFromResponse: () => [] } }, edit2, true);
    await options.onMutate({ id: '1', payload: { roleArn: 'r1', name: 'not in the detail patch' } });
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'a', roleArn: 'r1' });
    expect((client.getQueryData(listKey) as { items: Thing[] }).items[0]).toEqual({ id: '1', name: 'a' });
    await options.onMutate({ id: '1', payload: null });
    expect(client.getQueryData(keys.detail('1'))).toEqual({ id: '1', name: 'a', roleArn: 'r1' });
  });

  it('finds list items by a key inside their metadata (`[\'metadata\', \'name\']`)', async () => {
    const { client } = setup();
    type Obj = { metadata: { name: string }; kind: string };
    const objects = listCacheHelpers<Obj, Obj>({ lists: keys.lists, items: 'items', key: ['metadata', 'name'] });
    client.setQueryData(listKey, { items: [{ metadata: { name: 'a' }, kind: 'x' }, { metadata: { name: 'b' }, kind: 'x' }] });
    objects.removeFromLists(client, 'a');
    objects.updateInLists(client, 'b', (o) => ({ ...o, kind: 'y' }));
    expect(client.getQueryData(listKey)).toEqual({ items: [{ metadata: { name: 'b' }, kind: 'y' }] });
  });

  it('an optimistic delete removes the item from the lists', async () => {
    const { client } = setup();
    const del = { kind: 'delete' as const, cache, lists: () => keys.lists() as QueryKey, id: (v: { id: string }) => v.id };
    const options = optimisticMutation<null, Error, { id: string }, readonly ['things', 'delete']>(client, { mutationKey: [...keys.all, 'delete'] as const, mutationFn: async () => null, effects: { invalidate: () => [], remove: () => [], setFromResponse: () => [] } }, del, true);
    await options.onMutate({ id: '2' });
    expect(client.getQueryData(listKey)).toEqual({ items: [{ id: '1', name: 'a' }], total: 1 });
  });
});

describe('withCacheEffects / withOptimisticEffects (the adapters\' hooks)', () => {
  it('runs the generated cache effects before the user\'s onSuccess, with the user\'s onMutate result', async () => {
    const calls: string[] = [];
    const generated = { mutationKey: ['k'] as const, mutationFn: async () => 'data', onSuccess: async () => void calls.push('generated') };
    const user = { onSuccess: (_d: string, _v: void, result: number) => void calls.push(`user ${result}`), retry: 2 };
    const options = withCacheEffects<string, Error, void, number, unknown>(generated, user);
    expect((options as { retry?: number }).retry).toBe(2);
    await options.onSuccess?.('data', undefined, 7, {} as never);
    expect(calls).toEqual(['generated', 'user 7']);
  });

  it('hands the user what the own onMutate returned, the snapshot to the generated onError', async () => {
    const calls: string[] = [];
    const generated = {
      mutationKey: ['k'] as const, mutationFn: async () => 'data',
      onSuccess: async () => void calls.push('generated success'),
      onMutate: async () => [[['x'], 1]] as Array<[QueryKey, unknown]>,
      onError: async (_e: Error, _v: void, snapshot: unknown) => void calls.push(`generated error ${JSON.stringify(snapshot)}`),
    };
    const options = withOptimisticEffects<string, Error, void, string, unknown>(generated, { onMutate: () => 'mine', onError: (_e, _v, result) => void calls.push(`user error ${result}`), onSettled: (_d, _e, _v, result) => void calls.push(`settled ${result}`) });
    const result = await options.onMutate?.(undefined, {} as never);
    expect(result).toEqual({ snapshot: [[['x'], 1]], user: 'mine' });
    await options.onError?.(new Error('x'), undefined, result, {} as never);
    await options.onSettled?.(undefined, null, undefined, result, {} as never);
    expect(calls).toEqual(['generated error [[["x"],1]]', 'user error mine', 'settled mine']);
  });
});

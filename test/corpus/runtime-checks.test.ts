// The pure check logic of `pnpm corpus:runtime` (scripts/lib/runtime-checks.mjs): where items and keys are, and
// when a list's keys, pages, filter and sort pass; placeholders; pooling, the table and the target lines.
import { createTally, createdKey, distinctKeys, entityOf, showing, filterVerdict, isOrdered, itemsOf, keyProperty, pagingVerdict, placeholders, pool, tableMarkdown, targetLines, weakest } from '../../scripts/lib/runtime-checks.mjs';

describe('itemsOf', () => {
  it('finds the items of a bare array, the pagination property, a usual envelope and a nested one', () => {
    expect(itemsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(itemsOf({ total: 1, rows2: [{ id: 2 }], other: [] }, 'rows2')).toEqual([{ id: 2 }]);
    expect(itemsOf({ data: [{ id: 3 }], _links: [{ href: 'x' }] })).toEqual([{ id: 3 }]);
    expect(itemsOf({ embedded: { items: [{ id: 4 }] } })).toEqual([{ id: 4 }]);
    expect(itemsOf({ a: [{ id: 1 }], b: [{ id: 2 }] })).toBeUndefined();
    expect(itemsOf('text')).toBeUndefined();
  });
});

describe('showing', () => {
  it('names the property of a detail, or of an object one level down, that holds a listed key', () => {
    expect(showing({ name: 'Ada', source: 'x' }, 'Ada')).toBe('name');
    expect(showing({ data: { id: 7, title: 't' } }, '7')).toBe('id');
    expect(showing({ name: 'Bob' }, 'Ada')).toBeUndefined();
    expect(showing({ names: ['Ada'] }, 'Ada')).toBeUndefined();
    expect(showing('Ada', 'Ada')).toBeUndefined();
  });
});

describe('keyProperty', () => {
  it('takes the parameter itself, then the property its last word names, then id, then the parameter without its entity prefix', () => {
    expect(keyProperty({ petId: 'a', id: 'b' }, 'petId')).toBe('petId');
    expect(keyProperty({ id: 'b', name: 'n' }, 'petId')).toBe('id');
    expect(keyProperty({ pet_name: 'x', name: 'n' }, 'pet-name')).toBe('pet_name');
    expect(keyProperty({ hash: 'ab12', size: 3 }, 'block_hash')).toBe('hash');
    expect(keyProperty({ ip: '45.55.96.47', region: 'nyc3' }, 'floating_ip')).toBe('ip');
    // A last word that names the key comes before `id` (Azure's `{vaultName}`, GitHub's `{issue_number}`), a
    // parameter of one word does not (`{hostname}`).
    expect(keyProperty({ id: '/subscriptions/s/vaults/v1', name: 'v1' }, 'vaultName')).toBe('name');
    expect(keyProperty({ id: 1296269, number: 1347 }, 'issue_number')).toBe('number');
    expect(keyProperty({ id: 'h1', name: 'n' }, 'hostname')).toBe('id');
    // Shaped like the parameter's example, before the generic names: DigitalOcean's namespaces.
    const namespace = { namespace: 'fn-1a2b3c4d-0000-4000-8000-00000000abcd', uuid: '1a2b3c4d-0000-4000-8000-00000000abcd', label: 'x' };
    expect(keyProperty(namespace, 'namespace_id', 'fn-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx')).toBe('namespace');
    expect(keyProperty(namespace, 'namespace_id')).toBe('uuid');
  });
  it('skips object values and answers undefined when nothing fits', () => {
    expect(keyProperty({ id: { nested: 1 }, title: 't' }, 'id')).toBeUndefined();
    expect(keyProperty('x', 'id')).toBeUndefined();
  });
});

describe('list verdicts', () => {
  it('distinct keys', () => {
    expect(distinctKeys(['a', 'b'])).toBe(true);
    expect(distinctKeys(['asset-1', 'asset-1'])).toBe(false);
    expect(distinctKeys([1, '1'])).toBe(false);
  });
  it('paging: distinct pages that end pass; a repeated page, shared keys or no end fail', () => {
    expect(pagingVerdict(['a'], ['b'], true)).toEqual({ ok: true });
    expect(pagingVerdict(['a'], ['a'], true)).toMatchObject({ ok: false, why: expect.stringContaining('repeats') });
    expect(pagingVerdict(['a', 'b'], ['b', 'c'], true)).toMatchObject({ ok: false, why: 'pages 1 and 2 share 1 keys' });
    expect(pagingVerdict(['a'], ['b'], false)).toMatchObject({ ok: false, why: expect.stringContaining('empty or short') });
    expect(pagingVerdict([], [], true)).toMatchObject({ ok: false, why: 'page 1 is empty' });
  });
  it('filter: a non-empty, narrower list whose items all match', () => {
    const all = [{ s: 'lead' }, { s: 'won' }, { s: 'lead' }];
    expect(filterVerdict(all, [{ s: 'lead' }], 's', 'lead')).toEqual({ ok: true });
    expect(filterVerdict(all, all, 's', 'lead').ok).toBe(false);
    expect(filterVerdict(all, [], 's', 'lead').ok).toBe(false);
    expect(filterVerdict([...all, { s: 'x' }], [{ s: 'lead' }, { s: 'won' }], 's', 'lead').why).toBe('1 of 2 items have another s');
  });
  it('sort: ascending and descending, numbers as numbers, missing values ignored', () => {
    expect(isOrdered([{ n: 'Ada' }, { n: 'Ben' }, {}], 'n')).toBe(true);
    expect(isOrdered([{ n: 'Ben' }, { n: 'Ada' }], 'n')).toBe(false);
    expect(isOrdered([{ n: 'Ben' }, { n: 'Ada' }], 'n', true)).toBe(true);
    expect(isOrdered([{ n: 9 }, { n: 10 }], 'n')).toBe(true);
  });
});

describe('placeholders', () => {
  it('counts `<property>-<n>` strings only under their own property', () => {
    const found = placeholders({ items: [{ email: 'email-1', name: 'Ada', tags: ['tags-2'], note: 'email-1' }] });
    expect(found).toEqual({ strings: 4, placeholders: ['email-1', 'tags-2'] });
  });
});

describe('tally, pool, table and targets', () => {
  it('pools the contracts, prints the table, and PASS/FAIL against the targets', () => {
    const a = createTally();
    a.record('detail', true);
    a.record('detail', false, 'GET /x/1: 404');
    a.record('valid', true);
    a.record('crud', false, '/x: 1 of 2 round trips');
    const b = createTally();
    b.record('detail', true);
    b.placeholders.push('name-1');
    b.strings = 10;
    const pooled = pool([a, b]);
    expect(pooled.checks['detail']).toEqual({ passed: 2, total: 3, share: 2 / 3 });
    expect(tableMarkdown(pooled)).toContain('| a listed item opens its detail by the key it carries | 2/3 | 66.7 % |');
    const lines = targetLines(pooled);
    expect(lines).toContain('FAIL detail: 66.7 % of 3 (target ≥ 100.0 %)');
    expect(lines).toContain('PASS valid: 100.0 % of 1 (target ≥ 99.5 %)');
    expect(lines).toContain('---- paging: no check applied');
    expect(lines).toContain('FAIL placeholder strings: 1 (target 0)');
    expect(lines).toContain('FAIL crud: 0.0 % of 1 (target ≥ 99.0 %)');
    expect(weakest([{ id: 'a', ...a }, { id: 'b', ...b }, { id: 'c', error: 'generate exited 2' }], 3, 1)).toEqual([
      { id: 'c', failed: Infinity, total: 0, reason: 'generate exited 2' },
      { id: 'b', failed: 1, total: 2, reason: '1 placeholder strings (name-1)' },
      { id: 'a', failed: 1, total: 4, reason: 'detail 1/2: GET /x/1: 404' },
    ]);
    // Contracts with fewer checks than the least are not ranked.
    expect(weakest([{ id: 'a', ...a }, { id: 'b', ...b }], 3, 3).map((w) => w.id)).toEqual(['a']);
  });
});

describe('entityOf and createdKey', () => {
  it('finds the entity of a single-item answer, bare or in an envelope', () => {
    expect(entityOf({ id: 1 }, 'id')).toEqual({ id: 1 });
    expect(entityOf({ data: { id: 2 }, success: true }, 'id')).toEqual({ id: 2 });
    expect(entityOf({ Quotes: [{ QuoteID: 'q' }] }, 'QuoteID')).toEqual({ QuoteID: 'q' });
    expect(entityOf({ data: { other: 1 } }, 'id')).toBeUndefined();
    // An answer holding two entities (openai's role assignment `{ group, role }`): the one the parameter names.
    expect(entityOf({ group: { id: 'g' }, role: { id: 'r' } }, 'id', 'role_id')).toEqual({ id: 'r' });
    expect(entityOf({ group: { id: 'g' }, role: { id: 'r' } }, 'id')).toEqual({ id: 'g' });
    expect(entityOf({ namespace: { namespace: 'fn-1', label: 'x' } }, 'namespace')).toEqual({ namespace: 'fn-1', label: 'x' });
  });
  it('reads the created key by the list key property, else by the detail parameter', () => {
    expect(createdKey({ data: { id: 'x' } }, 'id', 'petId')).toEqual({ prop: 'id', key: 'x' });
    expect(createdKey({ data: { petId: 'y' } }, undefined, 'petId')).toEqual({ prop: 'petId', key: 'y' });
    expect(createdKey({ message: 'ok' }, 'id', 'petId')).toBeUndefined();
    expect(createdKey({ object: 'group.role', group: { id: 'g' }, role: { id: 'r' } }, 'id', 'role_id')).toEqual({ prop: 'id', key: 'r' });
  });
});

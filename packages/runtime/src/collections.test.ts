import { collectionParts, listRows, pick, rowKey, type RowUpdate } from './collections.js';

interface Row {
  id: string;
  name: string;
  note?: string;
}

/** Handler parameters as TanStack DB passes them: the transaction's mutations and the collection (its reload counted). */
function params<M>(mutations: M[], reloads: string[]): { transaction: { mutations: M[] }; collection: { utils: { refetch: () => Promise<void> } } } {
  return { transaction: { mutations }, collection: { utils: { refetch: async () => void reloads.push('refetch') } } };
}

describe('listRows', () => {
  it('takes the items at a path, or the body when it is the array', () => {
    expect(listRows({ items: [{ id: 'a' }] }, 'items')).toEqual([{ id: 'a' }]);
    expect(listRows({ meta: { results: [1, 2] } }, ['meta', 'results'])).toEqual([1, 2]);
    expect(listRows([3], undefined)).toEqual([3]);
  });

  it('throws a TypeError naming the path when no array is there', () => {
    expect(() => listRows({ items: null }, 'items')).toThrow(/no array at "items"/);
    expect(() => listRows({}, undefined)).toThrow(/its body/);
  });
});

describe('rowKey', () => {
  it('keeps a number, makes anything else a string, and refuses a row without a key', () => {
    expect(rowKey({ id: 7 }, 'id')).toBe(7);
    expect(rowKey({ id: 'x' }, 'id')).toBe('x');
    expect(rowKey({ id: true }, 'id')).toBe('true');
    expect(() => rowKey({ id: null }, 'id')).toThrow(/no key property "id"/);
    expect(() => rowKey({}, 'id')).toThrow(TypeError);
  });
});

describe('pick', () => {
  it('copies the fields the row has, and only those', () => {
    const row: Row = { id: 'a', name: 'A' };
    const body = pick(row, ['name', 'note']);
    expect(body).toEqual({ name: 'A' });
    expect(Object.hasOwn(body, 'note')).toBe(false);
    expect(Object.hasOwn(body, 'id')).toBe(false);
  });
});

describe('collectionParts', () => {
  it('gives select and getKey, and only the handlers of the writes given', () => {
    const parts = collectionParts<Row, { items: Row[] }>({ items: 'items', key: 'id' });
    expect(parts.select({ items: [{ id: 'a', name: 'A' }] })).toEqual([{ id: 'a', name: 'A' }]);
    expect(parts.getKey({ id: 'a', name: 'A' })).toBe('a');
    expect(Object.keys(parts).sort()).toEqual(['getKey', 'select']);
  });

  it('sends each mutation in order, then reloads the list once and opts out of the second reload', async () => {
    const log: string[] = [];
    const parts = collectionParts<Row, Row[]>({
      key: 'id',
      create: async (row) => void log.push(`create ${row.id}`),
      update: async (u: RowUpdate<Row>) => void log.push(`update ${String(u.key)} ${JSON.stringify(u.changes)}`),
      delete: async (key, row) => void log.push(`delete ${String(key)} ${row.name}`),
    });
    const a: Row = { id: 'a', name: 'A' };
    const b: Row = { id: 'b', name: 'B' };
    await expect(parts.onInsert?.(params([{ modified: a }, { modified: b }], log))).resolves.toEqual({ refetch: false });
    await parts.onUpdate?.(params([{ key: 'a', changes: { name: 'Z' }, modified: { ...a, name: 'Z' } }], log));
    await parts.onDelete?.(params([{ key: 'b', original: b }], log));
    expect(log).toEqual(['create a', 'create b', 'refetch', 'update a {"name":"Z"}', 'refetch', 'delete b B', 'refetch']);
  });

  it('rejects with the first failed request, sending none after it and not reloading', async () => {
    const log: string[] = [];
    const refused = new Error('400');
    const parts = collectionParts<Row, Row[]>({
      key: 'id',
      create: async (row) => {
        log.push(`create ${row.id}`);
        if (row.id === 'a') throw refused;
      },
    });
    await expect(parts.onInsert?.(params([{ modified: { id: 'a', name: 'A' } }, { modified: { id: 'b', name: 'B' } }], log))).rejects.toBe(refused);
    expect(log).toEqual(['create a']);
  });
});

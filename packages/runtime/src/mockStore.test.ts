import { createStore, sequenceUuid } from './mockStore.js';

interface Doc { id: string; title: string; createdAt: string; updatedAt?: string }
const seed: Doc[] = [
  { id: sequenceUuid(1), title: 'a', createdAt: '2024-01-03T00:00:00.000Z', updatedAt: '2024-01-05T10:00:00.000Z' },
  { id: sequenceUuid(2), title: 'b', createdAt: '2024-01-02T00:00:00.000Z' },
];
const defaults: Doc = { id: '', title: '', createdAt: '2024-01-01T00:00:00.000Z' };

describe('mock store time stamps', () => {
  it('a created entity is stamped after every seed, one minute per write; an update stamps its change time; reset restarts the clock', () => {
    const store = createStore({ seed, defaults, key: { path: 'id', kind: 'uuid' }, stamps: { created: ['createdAt', 'updatedAt'], updated: ['updatedAt'] } });
    const first = store.create({ title: 'c' }, ['title']).entity;
    expect(first).toMatchObject({ title: 'c', createdAt: '2024-01-05T10:01:00.000Z', updatedAt: '2024-01-05T10:01:00.000Z' });
    const changed = { ...first };
    store.touch(changed);
    expect(changed).toMatchObject({ createdAt: '2024-01-05T10:01:00.000Z', updatedAt: '2024-01-05T10:02:00.000Z' });
    store.reset();
    expect(store.create({}, []).entity.createdAt).toBe('2024-01-05T10:01:00.000Z');
  });

  it('without stamps, a created entity keeps the defaults and touch changes nothing', () => {
    const store = createStore({ seed, defaults, key: { path: 'id', kind: 'uuid' } });
    const created = store.create({}, []).entity;
    expect(created.createdAt).toBe('2024-01-01T00:00:00.000Z');
    store.touch(created);
    expect(created).not.toHaveProperty('updatedAt');
  });
});

import { cloneEntity, picked } from './mockClone.js';

describe('cloneEntity', () => {
  it("keeps a Date's own toJSON (a format: date field under dates: 'Date') where structuredClone drops it", () => {
    const day = Object.assign(new Date('2024-01-02'), { toJSON: () => '2024-01-02' });
    const entity = { day, at: new Date('2024-01-02T10:00:00.000Z'), children: [{ day }] };
    expect(JSON.stringify(structuredClone(entity))).toContain('"day":"2024-01-02T00:00:00.000Z"');
    const copy = cloneEntity(entity);
    expect(JSON.parse(JSON.stringify(copy))).toEqual({ day: '2024-01-02', at: '2024-01-02T10:00:00.000Z', children: [{ day: '2024-01-02' }] });
    expect(copy.day).not.toBe(day);
    expect(copy.children[0]).not.toBe(entity.children[0]);
  });
});

describe('picked', () => {
  it('keeps the picked properties, a number of the `text` ones as its text, without copying the values', () => {
    const entity = { id: 7, name: 'a', tags: ['x'], secret: 's' };
    const view = picked(entity, ['id', 'tags', 'name'], ['id']);
    expect(view).toEqual({ id: '7', name: 'a', tags: ['x'] });
    expect(view['tags']).toBe(entity.tags);
    expect(picked(entity, undefined)).toEqual(entity);
    expect(picked(null, ['id'])).toEqual({});
  });
});

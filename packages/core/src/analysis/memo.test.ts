// memoOnModel keeps a value per model object; memoOnSchemas per schemas array and `dates` option, so a model
// that shares its schemas with an earlier one (a detect tap's copy, a watch's reused model) shares the value.
import { createApiModel } from '../model/factory.js';
import type { ApiModel } from '../model/types.js';
import { memoOnModel, memoOnPair, memoOnSchemas, type PairMemo } from './memo.js';

describe('analysis memos', () => {
  const base = createApiModel({});
  const counted = () => {
    let calls = 0;
    return { compute: () => ++calls, calls: () => calls };
  };

  it('memoOnModel computes once per model object and key', () => {
    const c = counted();
    expect(memoOnModel(base, 'k', c.compute)).toBe(1);
    expect(memoOnModel(base, 'k', c.compute)).toBe(1);
    expect(memoOnModel({ ...base }, 'k', c.compute)).toBe(2);
    expect(memoOnModel(base, 'other', c.compute)).toBe(3);
  });

  it('memoOnSchemas computes once per schemas array, key and dates option', () => {
    const model = createApiModel({});
    const c = counted();
    expect(memoOnSchemas(model, 'k', c.compute)).toBe(1);
    // A copy of the model with other operations but the same schemas array shares it.
    const copy: ApiModel = { ...model, operations: [], resources: [] };
    expect(memoOnSchemas(copy, 'k', c.compute)).toBe(1);
    // Another `dates` option, another schemas array, or another key computes again.
    expect(memoOnSchemas({ ...model, dates: 'Date' }, 'k', c.compute)).toBe(2);
    expect(memoOnSchemas({ ...model, dates: 'Date' }, 'k', c.compute)).toBe(2);
    expect(memoOnSchemas({ ...model, schemas: [...model.schemas] }, 'k', c.compute)).toBe(3);
    expect(memoOnSchemas(model, 'k2', c.compute)).toBe(4);
    expect(c.calls()).toBe(4);
    // The memo is not part of the schemas' JSON.
    expect(JSON.stringify(model.schemas)).toBe('[]');
  });

  it('memoOnPair computes once per pair of objects, an undefined value included', () => {
    const store: PairMemo<object, object, number | undefined> = new WeakMap();
    const [a, b, c] = [{}, {}, {}];
    let calls = 0;
    expect(memoOnPair(store, a, b, () => ++calls)).toBe(1);
    expect(memoOnPair(store, a, b, () => ++calls)).toBe(1);
    expect(memoOnPair(store, a, c, () => ++calls)).toBe(2);
    expect(memoOnPair(store, b, a, () => ++calls)).toBe(3);
    expect(memoOnPair(store, c, c, () => (++calls, undefined))).toBeUndefined();
    expect(memoOnPair(store, c, c, () => ++calls)).toBeUndefined();
    expect(calls).toBe(4);
  });
});

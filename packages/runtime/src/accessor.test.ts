import { readAccessor, type MaybeAccessor } from './query.js';

describe('readAccessor', () => {
  it('returns a plain value as it is, objects by reference', () => {
    const params = { pageSize: 2 };
    expect(readAccessor(params)).toBe(params);
    expect(readAccessor('c1')).toBe('c1');
    expect(readAccessor<string | undefined>(undefined)).toBeUndefined();
  });

  it('calls a function (a getter, an accessor, a signal) each time it is read', () => {
    let size = 1;
    const getter: MaybeAccessor<{ pageSize: number }> = () => ({ pageSize: size });
    expect(readAccessor(getter)).toEqual({ pageSize: 1 });
    size = 2;
    expect(readAccessor(getter)).toEqual({ pageSize: 2 });
  });
});

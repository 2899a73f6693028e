import { reachable } from './reach.js';

describe('reachable', () => {
  const next = new Map<string, string[]>([
    ['a', ['b']],
    ['b', ['c', 'a']],
    ['c', []],
    ['x', ['y']],
  ]);
  it.each([
    ['follows edges through a cycle, start included', ['a'], ['a', 'b', 'c']],
    ['a node without an entry reaches itself only', ['z'], ['z']],
    ['several starts', ['c', 'x'], ['c', 'x', 'y']],
    ['no start, nothing', [], []],
  ])('%s', (_name, start, want) => {
    expect([...reachable(start, next)].sort()).toEqual(want);
  });
});

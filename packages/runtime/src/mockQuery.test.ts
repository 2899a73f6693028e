import { listAnswer } from './mockList.js';
import { searchItems, sortItems } from './mockQuery.js';

interface Person { id: number; firstName: string; lastName: string; age?: number | null }
const people: Person[] = [
  { id: 1, firstName: 'Ada', lastName: 'Example', age: 36 },
  { id: 2, firstName: 'Ben', lastName: 'Rivera', age: 29 },
  { id: 3, firstName: 'Chloe', lastName: 'Okafor', age: null },
];
const q = (text: string) => new URLSearchParams(text);
const ids = (items: Person[]) => items.map((p) => p.id);
const search = { params: ['q', 'search'], fields: ['firstName', 'lastName'] };
const sort = { params: ['sort', 'orderBy'], order: 'order' };

describe('mock list search', () => {
  it('keeps the items whose string properties contain the text, case-insensitive; every text must match', () => {
    expect(ids(searchItems(people, q('q=rivera'), search))).toEqual([2]);
    expect(ids(searchItems(people, q('search=A'), search))).toEqual([1, 2, 3]);
    expect(ids(searchItems(people, q('q=a&search=oka'), search))).toEqual([3]);
    expect(ids(searchItems(people, q('q=nobody'), search))).toEqual([]);
    expect(ids(searchItems(people, q('other=x'), search))).toEqual([1, 2, 3]);
  });
});

describe('mock list sort', () => {
  it.each([
    ['sort=lastName', [1, 3, 2]],
    ['sort=-lastName', [2, 3, 1]],
    ['sort=lastName:desc', [2, 3, 1]],
    ['orderBy=lastName%20desc', [2, 3, 1]],
    ['sort=lastName&order=desc', [2, 3, 1]],
    ['order=-firstName', [3, 2, 1]],
    ['sort=age', [2, 1, 3]],
    ['sort=-age', [1, 2, 3]],
    ['order=desc', [3, 2, 1]],
    ['sort=unknown', [1, 2, 3]],
    ['sort=unknown,-firstName', [3, 2, 1]],
  ])('%s', (query, want) => {
    expect(ids(sortItems(people, q(query), sort))).toEqual(want);
  });
});

describe('listAnswer filters, searches and sorts before it cuts the page', () => {
  it('q and sort over a paged envelope', () => {
    const spec = { items: 'items', page: { mode: 'offset', param: 'offset', limit: 'limit', defaultSize: 2 }, fields: [['total', 'total']], search, sort } as const;
    const answer = (query: string) => listAnswer(people, new Request(`http://api.test/people?${query}`), spec).body as { items: Person[]; total: number };
    expect(answer('q=rivera')).toEqual({ items: [people[1]], total: 1 });
    expect(answer('sort=-lastName&offset=0&limit=2')).toEqual({ items: [people[1], people[2]], total: 3 });
    expect(answer('sort=-lastName&offset=2&limit=2')).toEqual({ items: [people[0]], total: 3 });
  });
});

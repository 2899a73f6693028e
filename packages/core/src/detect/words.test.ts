import { countability, fitName, MAX_NAME_LENGTH, resourceName, singularWord, wordsOf } from './words.js';

describe('wordsOf', () => {
  it.each([
    ['get_users_me', ['get', 'users', 'me']],
    ['listRunSteps', ['list', 'run', 'steps']],
    ['admin-api-keys-delete', ['admin', 'api', 'keys', 'delete']],
    ['Getorganizationspendlimit', ['getorganizationspendlimit']],
    ['', []],
  ])('%s', (given, want) => {
    expect(wordsOf(given)).toEqual(want);
  });
});

describe('countability and singularWord', () => {
  it.each([
    ['users', 'plural', 'user'],
    ['people', 'plural', 'person'],
    ['content', 'uncountable', 'content'],
    ['metadata', 'uncountable', 'metadata'],
    ['media', 'uncountable', 'media'],
    ['run', 'singular', 'run'],
    ['login', 'singular', 'login'],
    ['bucket', 'singular', 'bucket'],
    ['0', 'singular', '0'],
  ])('%s is %s (singular %s)', (word, kind, one) => {
    expect(countability(word)).toBe(kind);
    expect(singularWord(word)).toBe(one);
  });
});

describe('fitName and resourceName', () => {
  it('keeps names up to 80 characters whole', () => {
    const name = `a${'b'.repeat(MAX_NAME_LENGTH - 1)}`;
    expect(fitName(name)).toBe(name);
  });

  it('shortens longer names word by word, keeping the first word and the last ones, never with a hash', () => {
    const long = `createOrUpdate${'Segment'.repeat(12)}Definition`;
    const fitted = fitName(long);
    expect(fitted.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(fitted).toMatch(/^create[A-Z]/);
    expect(fitted).toMatch(/SegmentDefinition$/);
    expect(fitted).not.toMatch(/H[0-9a-z]{7}$/);
    expect(fitName(`get${'Thing'.repeat(20)}ById`)).toMatch(/^get(Thing)+ById$/);
  });

  it('a resource name keeps reserved words and prefixes a leading digit', () => {
    expect(resourceName('global')).toBe('global');
    expect(resourceName('delete')).toBe('delete');
    expect(resourceName('1 clicks')).toBe('_1Clicks');
    expect(resourceName('{}', 'root')).toBe('root');
  });
});


import { isIdentifierName, isReservedTypeName, RESERVED_WORDS, safeIdentifier, safeTypeName, UniqueNames } from './identifiers.js';

type Case = [name: string, io: { given: string; want: string }];

describe('safeIdentifier', () => {
  const cases: Case[] = [
    ['plain words', { given: 'list contacts', want: 'listContacts' }],
    ['kebab-case', { given: 'user-profile', want: 'userProfile' }],
    ['leading digit gets an underscore', { given: '2fa-code', want: '_2faCode' }],
    ['only digits', { given: '200', want: '_200' }],
    ['reserved word delete', { given: 'delete', want: 'delete_' }],
    ['reserved word class', { given: 'class', want: 'class_' }],
    ['reserved word await', { given: 'await', want: 'await_' }],
    ['TS keyword type', { given: 'type', want: 'type_' }],
    ['TS type name string', { given: 'string', want: 'string_' }],
    ['reserved word after casing (Default → default)', { given: 'Default', want: 'default_' }],
    ['global type name is fine lower-cased', { given: 'Date', want: 'date' }],
    ['ordinary name', { given: 'name', want: 'name' }],
    ['empty → fallback', { given: '', want: 'value' }],
    ['punctuation only → fallback', { given: '---', want: 'value' }],
    ['non-ASCII only → fallback', { given: '日本', want: 'value' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(safeIdentifier(given)).toBe(want);
  });

  it('uses the given fallback for empty input', () => {
    expect(safeIdentifier('', 'resource')).toBe('resource');
  });

  it.each(cases)('result of "%s" is a valid, non-reserved identifier', (_name, { given }) => {
    const id = safeIdentifier(given);
    expect(isIdentifierName(id)).toBe(true);
    expect(RESERVED_WORDS.has(id)).toBe(false);
  });
});

describe('safeTypeName', () => {
  const cases: Case[] = [
    ['kebab-case', { given: 'user-profile', want: 'UserProfile' }],
    ['already PascalCase', { given: 'UserProfile', want: 'UserProfile' }],
    ['only digits', { given: '200', want: '_200' }],
    ['leading digit', { given: '2fa-code', want: '_2faCode' }],
    ['global Date', { given: 'Date', want: 'DateType' }],
    ['global File', { given: 'file', want: 'FileType' }],
    ['global Promise', { given: 'promise', want: 'PromiseType' }],
    ['global Record', { given: 'record', want: 'RecordType' }],
    ['keyword string is not a PascalCase clash', { given: 'string', want: 'StringType' }],
    ['lower-case keyword becomes a harmless PascalCase name', { given: 'class', want: 'Class' }],
    ['empty → fallback', { given: '', want: 'Schema' }],
    ['non-ASCII only → fallback', { given: '日本', want: 'Schema' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(safeTypeName(given)).toBe(want);
  });

  it('uses the given fallback for empty input', () => {
    expect(safeTypeName('', 'Model')).toBe('Model');
  });
});

describe('UniqueNames', () => {
  it('hands out base, base2, base3 in request order', () => {
    const names = new UniqueNames();
    expect([names.take('user'), names.take('user'), names.take('user'), names.take('other')]).toEqual(['user', 'user2', 'user3', 'other']);
  });

  it('skips reserved names and reports them as taken', () => {
    const names = new UniqueNames();
    names.reserve('user');
    names.reserve('user2');
    expect(names.has('user')).toBe(true);
    expect(names.has('user3')).toBe(false);
    expect(names.take('user')).toBe('user3');
    expect(names.has('user3')).toBe(true);
  });
});

describe('isIdentifierName', () => {
  const cases: Array<[string, { given: string; want: boolean }]> = [
    ['letters', { given: 'name', want: true }],
    ['dollar and underscore', { given: '$_a1', want: true }],
    ['dash', { given: 'a-b', want: false }],
    ['leading digit', { given: '1a', want: false }],
    ['empty', { given: '', want: false }],
    ['space', { given: 'a b', want: false }],
    ['non-ASCII', { given: 'café', want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(isIdentifierName(given)).toBe(want);
  });
});

describe('isReservedTypeName: the global types a generated type must not shadow', () => {
  // The globals generated modules use in the modules that declare a contract's type names (components.types.ts and
  // <resource>.types.ts); `Error`, `Response` and the globals of hook files are free there (hook files name
  // contract types as `Schemas.X`). linode.com's entity `Record` is the case.
  const cases: Array<[string, boolean, string]> = [
    ['Record', true, 'RecordType'],
    ['Partial', true, 'PartialType'],
    ['Array', true, 'ArrayType'],
    ['Promise', true, 'PromiseType'],
    ['Date', true, 'DateType'],
    ['Blob', true, 'BlobType'],
    ['File', true, 'FileType'],
    ['Omit', true, 'OmitType'],
    ['Pick', true, 'PickType'],
    ['Parameters', false, 'Parameters'],
    ['ReturnType', false, 'ReturnType'],
    ['Error', false, 'Error'],
    ['Response', false, 'Response'],
    ['Records', false, 'Records'],
  ];
  it.each(cases)('%s: reserved %s, safeTypeName %s', (name, reserved, safe) => {
    expect(isReservedTypeName(name)).toBe(reserved);
    expect(safeTypeName(name)).toBe(safe);
  });
});

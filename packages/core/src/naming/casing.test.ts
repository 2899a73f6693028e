import { camelCase, kebabCase, pascalCase, pascalName, plural, singular } from './casing.js';

type Case = [name: string, io: { given: string; want: string }];

describe('pascalCase', () => {
  const cases: Case[] = [
    ['words separated by space, dash and underscore', { given: 'list contacts-by_id', want: 'ListContactsById' }],
    ['kebab-case', { given: 'user-profile', want: 'UserProfile' }],
    ['already PascalCase', { given: 'UserProfile', want: 'UserProfile' }],
    ['camelCase', { given: 'contactsArchive', want: 'ContactsArchive' }],
    ['acronym run is split and merged', { given: 'HTTPServer', want: 'HttpServer' }],
    ['trailing acronym', { given: 'userID', want: 'UserId' }],
    ['dots', { given: 'contacts.archive', want: 'ContactsArchive' }],
    ['leading digit is kept', { given: '2fa-code', want: '2faCode' }],
    ['digits inside words', { given: 'a1b2', want: 'A1b2' }],
    ['accents are stripped to ASCII', { given: 'é café', want: 'ECafe' }],
    ['empty', { given: '', want: '' }],
    ['only spaces', { given: '   ', want: '' }],
    ['only non-ASCII letters', { given: '日本', want: '' }],
    ['only punctuation', { given: '{}/-_', want: '' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(pascalCase(given)).toBe(want);
  });
});

describe('camelCase', () => {
  const cases: Case[] = [
    ['sentence', { given: 'List contacts', want: 'listContacts' }],
    ['kebab-case', { given: 'user-profile', want: 'userProfile' }],
    ['PascalCase', { given: 'UserProfile', want: 'userProfile' }],
    ['snake_case', { given: 'snake_case_word', want: 'snakeCaseWord' }],
    ['acronym inside', { given: 'getHTTPResponse', want: 'getHttpResponse' }],
    ['all caps', { given: 'ABC', want: 'abc' }],
    ['vendor prefix', { given: 'x-rate_limit', want: 'xRateLimit' }],
    ['path template braces', { given: '{contactId}', want: 'contactId' }],
    ['empty', { given: '', want: '' }],
    ['only non-ASCII letters', { given: '日本', want: '' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(camelCase(given)).toBe(want);
  });
});

describe('kebabCase', () => {
  const cases: Case[] = [
    ['camelCase', { given: 'contactsArchive', want: 'contacts-archive' }],
    ['PascalCase with acronym', { given: 'HTTPServer', want: 'http-server' }],
    ['spaces and underscores', { given: 'Dashboard summary_view', want: 'dashboard-summary-view' }],
    ['empty', { given: '', want: '' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(kebabCase(given)).toBe(want);
  });
});

describe('singular', () => {
  const cases: Case[] = [
    ['regular -s', { given: 'contacts', want: 'contact' }],
    ['-ies → -y', { given: 'categories', want: 'category' }],
    ['-ies → -y (companies)', { given: 'companies', want: 'company' }],
    ['irregular people', { given: 'people', want: 'person' }],
    ['-uses → -us', { given: 'statuses', want: 'status' }],
    ['-es after s', { given: 'addresses', want: 'address' }],
    ['-ses → -sis', { given: 'analyses', want: 'analysis' }],
    ['already singular status', { given: 'status', want: 'status' }],
    ['already singular person', { given: 'person', want: 'person' }],
    ['uncountable', { given: 'news', want: 'news' }],
    ['PascalCase keeps its capital', { given: 'Companies', want: 'Company' }],
    ['only the last camelCase word changes', { given: 'contactStatuses', want: 'contactStatus' }],
    ['camelCase with irregular tail', { given: 'teamPeople', want: 'teamPerson' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(singular(given)).toBe(want);
  });
});

describe('plural', () => {
  const cases: Case[] = [
    ['regular', { given: 'contact', want: 'contacts' }],
    ['-y → -ies', { given: 'category', want: 'categories' }],
    ['irregular person', { given: 'person', want: 'people' }],
    ['-us → -uses', { given: 'status', want: 'statuses' }],
    ['-x → -xes', { given: 'box', want: 'boxes' }],
    ['already plural', { given: 'contacts', want: 'contacts' }],
    ['PascalCase keeps its capital', { given: 'File', want: 'Files' }],
    ['only the last camelCase word changes', { given: 'contactStatus', want: 'contactStatuses' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(plural(given)).toBe(want);
  });

  it.each(['contact', 'category', 'person', 'status', 'address', 'company'])('singular(plural(%s)) gives the word back', (word) => {
    expect(singular(plural(word))).toBe(word);
  });
});

describe('word length limit', () => {
  const long = 'word '.repeat(20).trim();
  it('clips the word text at 64 characters by default', () => {
    expect(camelCase(long).length).toBeLessThanOrEqual(64);
    expect(pascalCase(long).length).toBeLessThanOrEqual(64);
  });
  it('keeps longer text when asked (resource detection shortens names itself)', () => {
    expect(camelCase(long, 1000)).toBe(`word${'Word'.repeat(19)}`);
    expect(pascalCase(long, 1000)).toBe('Word'.repeat(20));
    expect(kebabCase(long, 1000)).toBe(Array.from({ length: 20 }, () => 'word').join('-'));
  });
});

describe('pascalName', () => {
  it('never clips a generated name, so two names that differ after 64 characters stay two type names', () => {
    // GitHub: PATCH …/properties/schema and PUT …/properties/schema/{name} (one type name when clipped at 64).
    const plural = 'orgsCustomPropertiesForReposCreateOrUpdateOrganizationDefinitions';
    const single = 'orgsCustomPropertiesForReposCreateOrUpdateOrganizationDefinition';
    expect(pascalCase(plural)).toBe(pascalCase(single));
    expect(pascalName(plural)).toBe('OrgsCustomPropertiesForReposCreateOrUpdateOrganizationDefinitions');
    expect(pascalName(single)).not.toBe(pascalName(plural));
  });
});

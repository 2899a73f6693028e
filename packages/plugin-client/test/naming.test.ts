// The entity alias of `<resource>.types.ts` never shadows a global type that module uses (linode.com's `Record`).
import { clientNaming } from '../src/naming.js';

describe('clientNaming.entityType', () => {
  const cases: Array<[string, string]> = [
    ['Contact', 'Contact'],
    ['Record', 'RecordType'],
    ['Blob', 'BlobType'],
    ['Promise', 'PromiseType'],
    ['Omit', 'OmitType'],
    ['Schemas', 'SchemasType'],
    ['ApiError', 'ApiErrorType'],
    ['Error', 'Error'],
    ['Response', 'Response'],
  ];
  it.each(cases)('entity %s → alias %s', (entity, alias) => {
    expect(clientNaming.entityType({ entity })).toBe(alias);
  });
});

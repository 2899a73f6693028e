// The demo contract with three hand-made edits, and a corpus contract (fixtures/corpus, or RESLAYER_CORPUS)
// against an edited copy written to a temporary folder.
import { readFileSync } from 'node:fs';
import { parseDocumentText } from '@reslayer/core';
import { corpusSpec } from '../../../test/helpers/corpus.js';
import { cleanup, DEMO_CONTRACT, diffTexts, symbolNames } from './helpers.js';
import type { Doc } from './petsContract.js';

afterAll(cleanup);

const demo = readFileSync(DEMO_CONTRACT, 'utf8');
const linkedNames = (ids: readonly string[]) => ids.map((id) => id.slice(id.indexOf('#') + 1));

describe('demo contract', () => {
  test('Contact.lastName renamed to surname: the breaking change names the type, the config field, the column and the i18n key', async () => {
    const renamed = demo
      .replace(/(\n {8})lastName:\n/, '$1surname:\n')
      .replace('required: [id, firstName, lastName, email, status, createdAt]', 'required: [id, firstName, surname, email, status, createdAt]');
    const result = await diffTexts(demo, renamed);
    expect(result.level).toBe('breaking');
    const removed = result.changes.find((c) => c.code === 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED');
    expect(removed).toMatchObject({ level: 'breaking', schema: 'Contact', subject: 'lastName' });
    const names = linkedNames(removed?.symbols ?? []);
    expect(names).toEqual(expect.arrayContaining(['Contact', 'GetContactResponse', 'contactsConfig.fields[lastName]', 'contactsConfig.columns[lastName]', 'contactsI18n.fields.lastName']));
    expect(removed?.files).toEqual(expect.arrayContaining(['src/shared/api/generated/components.types.ts', 'src/features/contacts/model/contacts.config.ts', 'src/features/contacts/model/contacts.i18n.ts']));
    const symbol = (name: string) => result.impact.symbols.find((s) => s.name === name);
    expect(symbol('contactsConfig.fields[lastName]')).toMatchObject({ status: 'renamed', level: 'breaking', to: { name: 'contactsConfig.fields[surname]' } });
    expect(symbol('contactsI18n.fields.lastName')).toMatchObject({ status: 'renamed', to: { name: 'contactsI18n.fields.surname' } });
    expect(symbol('contactsConfig.columns[lastName]')?.level).toBe('breaking');
    const contact = result.impact.symbols.find((s) => s.name === 'Contact' && s.file.endsWith('components.types.ts'));
    expect(contact).toMatchObject({ status: 'changed', level: 'breaking', reasons: ['reading it: `lastName` removed'] });
    expect(symbol('contactsClient.listContacts')?.reasons).toEqual(['return value: `items[].lastName` removed']);
  });

  test('a new optional query parameter: non-breaking, and the hook variables keep their shape', async () => {
    const added = demo.replace('        - name: q\n', '        - name: owner\n          in: query\n          schema: { type: string }\n        - name: q\n');
    const result = await diffTexts(demo, added);
    expect(result.level).toBe('non-breaking');
    expect(result.changes).toEqual([expect.objectContaining({ code: 'RSL_DIFF_PARAMETER_ADDED', level: 'non-breaking', operations: ['GET /api/v1/contacts'] })]);
    expect(result.impact.symbols.every((s) => s.level === 'non-breaking')).toBe(true);
    expect(symbolNames(result)).not.toContain('contactsQueryOptions');
    expect(result.impact.symbols.find((s) => s.name === 'ListContactsParams')).toMatchObject({ status: 'changed', level: 'non-breaking', addedProperties: ['owner'] });
    expect(symbolNames(result, 'added')).toEqual(['contactsConfig.filters[owner]']);
  });

  test('a removed operation: its client method, hook file, mock handler and permission are all listed', async () => {
    const removed = demo.replace(/ {4}delete:\n {6}operationId: deleteContact[\s\S]*?NotFound' }\n/, '');
    const result = await diffTexts(demo, removed);
    const change = result.changes.find((c) => c.code === 'RSL_DIFF_OPERATION_REMOVED');
    expect(change).toMatchObject({ level: 'breaking', operations: ['DELETE /api/v1/contacts/{contactId}'] });
    expect(linkedNames(change?.symbols ?? [])).toEqual(
      expect.arrayContaining(['contactsClient.deleteContact', 'deleteContactMutationOptions', 'createContactsHandlers › DELETE /api/v1/contacts/{contactId}', 'contactsPermissions.delete', 'contactsI18n.actions.delete']),
    );
    expect(change?.files).toContain('src/features/contacts/api/useDeleteContactMutation.ts');
    expect(result.impact.files).toContainEqual({ path: 'src/features/contacts/api/useDeleteContactMutation.ts', status: 'removed' });
  });
});

const conduitSpec = corpusSpec('realworld-conduit');
const corpusTest = 'missing' in conduitSpec ? test.skip : test;
if ('missing' in conduitSpec) console.warn(`skipping the corpus pair: ${conduitSpec.missing}`);
const conduit = 'missing' in conduitSpec ? '' : conduitSpec.file;

describe('corpus contract (realworld-conduit) and a hand-edited copy', () => {
  corpusTest('a removed operation, a removed response property and a new optional parameter are each found and linked', async () => {
    const text = readFileSync(conduit, 'utf8');
    // The copy is edited as a document (and written as JSON): no change of layout, only the three edits.
    const doc = parseDocumentText(text, conduit) as Doc;
    delete doc['paths']['/tags'];
    const profile = doc['components']['schemas']['Profile'];
    delete profile.properties.bio;
    profile.required = profile.required.filter((r: string) => r !== 'bio');
    doc['paths']['/articles'].get.parameters.push({ name: 'lang', in: 'query', required: false, schema: { type: 'string' } });
    const result = await diffTexts(text, doc, 'yml');
    const codes = result.changes.map((c) => c.code);
    expect(codes).toContain('RSL_DIFF_OPERATION_REMOVED');
    expect(result.changes.find((c) => c.code === 'RSL_DIFF_OPERATION_REMOVED')?.operations).toEqual(['GET /tags']);
    const bio = result.changes.find((c) => c.subject === 'bio' && c.schema === 'Profile');
    expect(bio?.code).toBe('RSL_DIFF_RESPONSE_PROPERTY_REMOVED');
    expect(linkedNames(bio?.symbols ?? [])).toContain('Profile');
    expect(result.changes.find((c) => c.code === 'RSL_DIFF_PARAMETER_ADDED')).toMatchObject({ level: 'non-breaking', operations: ['GET /articles'] });
    expect(result.level).toBe('breaking');
  });
});

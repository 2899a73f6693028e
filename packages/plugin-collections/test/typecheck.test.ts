// The demo with collections type-checks under TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess,
// exactOptionalPropertyTypes, noUnusedLocals, verbatimModuleSyntax), without validators and with the zod or valibot
// schemas, together with a usage file that builds the collections, runs a live query and writes rows: the rows are
// the list's items (not the envelope, not `never`), and without a schema a row of the wrong shape does not compile.
//
// Needs `pnpm build` first: the generated code imports `@reslayer/runtime`, whose types come from its dist.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { collectionsNaming } from '@reslayer/plugin-collections/naming';
import { COMPILER_LIST, STRICTER_OPTIONS, typecheckProject } from '../../../test/utils/typecheck.js';
import { DEMO_CONTRACT, generateCollections } from './helpers.js';

/** Code an application writes against the generated collections; `strict` adds what only holds without a schema. */
const usage = (strict: boolean): string => `import { QueryClient } from '@tanstack/query-core';
import { createCollection, createLiveQueryCollection, eq } from '@tanstack/db';
import { contactsCollectionOptions } from './features/contacts/collection/contacts.collection.js';
import { companiesCollectionOptions } from './features/companies/collection/companies.collection.js';
import type { Company, Contact } from './shared/api/generated/components.types.js';

type IsNever<T> = [T] extends [never] ? true : false;
const queryClient = new QueryClient();
export const contacts = createCollection(contactsCollectionOptions(queryClient, { status: ['active'] }));
export const companies = createCollection(companiesCollectionOptions(queryClient));
export const contact: Contact | undefined = contacts.get('c1');
export const company: Company | undefined = companies.get('k1');
export const notNever: IsNever<typeof contact> = false;
export const key: string | number = contacts.getKeyFromItem({ id: 'c1', firstName: 'A', lastName: 'B', email: 'a@b.test', status: 'lead', createdAt: '2026-01-01T00:00:00Z' });
export const active = createLiveQueryCollection((q) => q.from({ c: contacts }).where(({ c }) => eq(c.status, 'active')).select(({ c }) => ({ id: c.id, first: c.firstName })));
contacts.insert({ id: 'c2', firstName: 'A', lastName: 'B', email: 'a@b.test', status: 'lead', createdAt: '2026-01-01T00:00:00Z' });
contacts.update('c2', (draft) => { draft.firstName = 'C'; });
companies.delete('k1');
${strict ? `// @ts-expect-error a contact has no property 'nope' and needs its required ones
contacts.insert({ id: 'c3', nope: 1 });
` : ''}`;

describe.each([undefined, 'zod', 'valibot'] as const)('collections of the demo (validators: %s)', (library) => {
  it('type-check with the usage file under TypeScript 5.9 and 7', async () => {
    const { outDir, srcDir, result } = await generateCollections(`typecheck-${library ?? 'none'}`, DEMO_CONTRACT, library ? { library } : {});
    const files = result.files.map((f) => f.path).filter((p) => p.includes('/collection/'));
    expect(files).toEqual(['contacts', 'companies'].map((r) => collectionsNaming.collectionFile({ resource: r })).sort());
    writeFileSync(path.join(srcDir, 'usage.ts'), usage(library === undefined));
    const checks = typecheckProject(outDir, { tsconfig: { compilerOptions: { ...STRICTER_OPTIONS } } });
    for (const [label] of COMPILER_LIST) {
      expect({ label, errors: checks[label]?.errors }).toEqual({ label, errors: [] });
      expect(checks[label]?.listed.some((f) => f.endsWith('contacts.collection.ts'))).toBe(true);
    }
  }, 300_000);
});

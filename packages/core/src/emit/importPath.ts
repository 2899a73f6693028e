import path from 'node:path';

/**
 * The relative module specifier from one generated file to another, with the `.js` extension that
 * both `NodeNext` and `bundler` module resolution accept for `.ts` sources.
 * @param fromFile importing file, POSIX path relative to the source root (`features/contacts/api/useContactsQuery.ts`)
 * @param toFile imported file, same base (`shared/api/generated/contacts/index.ts`)
 * @returns e.g. `../../../shared/api/generated/contacts/index.js`
 */
export function importPath(fromFile: string, toFile: string): string {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile).replace(/\.ts$/, '.js');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

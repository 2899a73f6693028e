import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as mocks from './mocks.js';
import * as runtime from './index.js';
import { MOCK_EXPORTS, MOCK_SCENARIOS } from './mockNames.js';

const MOCKS_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mocks.ts');

/** The exported type and interface names of mocks.ts (declared there or re-exported with `export type`), read from its source. */
function exportedTypes(): string[] {
  const sf = ts.createSourceFile(MOCKS_SOURCE, readFileSync(MOCKS_SOURCE, 'utf8'), ts.ScriptTarget.Latest, true);
  const declared = sf.statements
    .filter((s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration => ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s))
    .filter((s) => (ts.getCombinedModifierFlags(s) & ts.ModifierFlags.Export) !== 0)
    .map((s) => s.name.text);
  const reexported = sf.statements.flatMap((s) =>
    ts.isExportDeclaration(s) && s.isTypeOnly && s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : [],
  );
  return [...declared, ...reexported].sort();
}

describe('mock names (what code generators use without loading msw)', () => {
  it('lists exactly the value exports of @reslayer/runtime/mocks, sorted', () => {
    expect([...MOCK_EXPORTS.values]).toEqual(Object.keys(mocks).sort());
  });

  it('lists exactly the type exports of @reslayer/runtime/mocks, sorted', () => {
    expect([...MOCK_EXPORTS.types]).toEqual(exportedTypes());
  });

  it('names the scenarios the mocks entry point exports, in order', () => {
    expect(mocks.scenarioNames).toEqual(MOCK_SCENARIOS);
    expect(MOCK_SCENARIOS).toEqual(['success', 'empty', 'error', 'slow']);
  });

  it('is exported from the client entry point, which never loads msw', () => {
    expect(runtime.MOCK_SCENARIOS).toBe(MOCK_SCENARIOS);
    expect(runtime.MOCK_EXPORTS).toBe(MOCK_EXPORTS);
    const index = readFileSync(path.join(path.dirname(MOCKS_SOURCE), 'index.ts'), 'utf8');
    const names = readFileSync(path.join(path.dirname(MOCKS_SOURCE), 'mockNames.ts'), 'utf8');
    expect(index).not.toMatch(/from '(msw|\.\/mocks\.js)'/);
    expect(names).not.toMatch(/^import /m);
  });
});

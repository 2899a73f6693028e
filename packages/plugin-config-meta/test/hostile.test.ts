import ts from 'typescript';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { emitModel, EVIL_NAME, EVIL_TEXT, hostileModel } from './model.js';

/** Every string literal's value in the file, and every property name written as a key. */
function collect(source: ts.SourceFile): { strings: string[]; keys: string[] } {
  const strings: string[] = [];
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) strings.push(node.text);
    if (ts.isPropertyAssignment(node)) {
      const n = node.name;
      keys.push(ts.isComputedPropertyName(n) && ts.isStringLiteral(n.expression) ? n.expression.text : (n as ts.Identifier | ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { strings, keys };
}

describe('hostile contract text stays inside strings and comments', () => {
  it('parses without errors and keeps the exact values', async () => {
    const files = await emitModel(hostileModel(), [pluginConfigMeta()]);
    expect(files).toHaveLength(4);
    for (const file of files) {
      const source = ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      expect({ path: file.path, errors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) }).toEqual({ path: file.path, errors: [] });
      // No template literals or extra statements smuggled in: only imports, exported consts/types and re-exports.
      for (const statement of source.statements) {
        expect([ts.SyntaxKind.ImportDeclaration, ts.SyntaxKind.VariableStatement, ts.SyntaxKind.TypeAliasDeclaration, ts.SyntaxKind.ExportDeclaration]).toContain(statement.kind);
      }
      let templates = 0;
      const visit = (node: ts.Node): void => {
        if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) templates++;
        ts.forEachChild(node, visit);
      };
      visit(source);
      expect(templates).toBe(0);
    }
    const config = files.find((f) => f.path.endsWith('evil.config.ts'));
    const { strings, keys } = collect(ts.createSourceFile('c.ts', config?.contents ?? '', ts.ScriptTarget.Latest, true));
    expect(strings).toEqual(expect.arrayContaining([EVIL_NAME, EVIL_TEXT, "'*/\\d", '__proto__']));
    const i18n = files.find((f) => f.path.endsWith('evil.i18n.ts'));
    const catalog = collect(ts.createSourceFile('i.ts', i18n?.contents ?? '', ts.ScriptTarget.Latest, true));
    expect(catalog.keys).toEqual(expect.arrayContaining([EVIL_NAME, '__proto__', 'constructor']));
    expect(i18n?.contents).toContain("['__proto__']: 'Proto'");
    const permissions = files.find((f) => f.path.endsWith('evil.permissions.ts'));
    expect(collect(ts.createSourceFile('p.ts', permissions?.contents ?? '', ts.ScriptTarget.Latest, true)).strings).toEqual(
      expect.arrayContaining(['/evil/*/{id}', EVIL_NAME, 'evil:create', 'evil:constructor']),
    );
    expect(permissions?.contents).toContain('/** Create *\\/ closes *\\/ a comment');
  });
});

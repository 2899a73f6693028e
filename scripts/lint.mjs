#!/usr/bin/env node
// Project lint: every exported declaration in packages/*/src has TSDoc, file names follow the
// naming rule (camelCase after the primary export, PascalCase only for classes), and no source
// file exceeds the size budget. Exit 1 with a list of findings, 0 when clean.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const findings = [];
const MAX_LINES = 400;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const sources = [];
for (const base of ['packages', 'examples']) {
  for (const pkg of readdirSync(path.join(root, base))) {
    const src = path.join(root, base, pkg, 'src');
    try {
      if (statSync(src).isDirectory() && base === 'packages') sources.push(...walk(src));
    } catch {
      // no src folder
    }
  }
}

const exported = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
for (const file of sources) {
  const rel = path.relative(root, file);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > MAX_LINES) findings.push(`${rel}: ${lines} lines (budget ${MAX_LINES})`);
  const base = path.basename(file, '.ts');
  if (!/^[a-z][A-Za-z0-9]*(\.[a-z]+)?$/.test(base) && !/^[A-Z][A-Za-z0-9]*$/.test(base)) findings.push(`${rel}: file name is neither camelCase nor PascalCase`);
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  if (/^[A-Z]/.test(base) && !sf.statements.some((s) => (ts.isClassDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name?.text === base)) {
    findings.push(`${rel}: PascalCase file name without a class or interface named ${base}`);
  }
  for (const statement of sf.statements) {
    const isDecl = ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) || ts.isVariableStatement(statement) || ts.isEnumDeclaration(statement);
    if (!isDecl || !exported(statement)) continue;
    const docs = ts.getJSDocCommentsAndTags(ts.isVariableStatement(statement) ? statement.declarationList.declarations[0] : statement);
    const hasDoc = docs.length > 0 || /\/\*\*[\s\S]*?\*\/\s*$/.test(text.slice(0, statement.getStart()));
    if (!hasDoc) {
      const name = ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.name.getText() : statement.name?.getText();
      const { line } = sf.getLineAndCharacterOfPosition(statement.getStart());
      findings.push(`${rel}:${line + 1}: exported ${name ?? 'declaration'} has no TSDoc`);
    }
  }
}
if (findings.length > 0) {
  console.error(findings.join('\n'));
  console.error(`lint: ${findings.length} finding(s)`);
  process.exit(1);
}
console.log(`lint: ${sources.length} files, 0 findings`);

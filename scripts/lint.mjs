#!/usr/bin/env node
// Project lint: every exported declaration in packages/*/src has TSDoc, file names follow the
// naming rule (camelCase after the primary export, PascalCase only for classes), and the size
// budget holds: no file over MAX_LINES lines and no function over MAX_FUNCTION_LINES lines, over
// packages/*/src and packages/*/test (tests included), scripts/**/*.mjs and test/**/*.ts (generated
// output, fixtures, node_modules and the built lib/ and dist/ folders excepted). Then the packages as published: each one is packed (`pnpm pack`, from
// the built dist/ folders: run `pnpm build` first) and its tarball must draw no message at all from
// publint (suggestions included) and no problem from @arethetypeswrong/cli (attw) under its esm-only
// profile (the packages are ESM only: CommonJS `require` and node10 resolution are out of scope). And the plugin
// API's size: `@reslayer/core` exports at most 90 names (scripts/core-names.mjs).
// Exit 1 with a list of findings, 0 when clean.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import ts from 'typescript';
import { coreEntryNames, coreNameFindings } from './core-names.mjs';
import { packAll } from './pack.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const findings = [];
const MAX_LINES = 330;
const MAX_FUNCTION_LINES = 80;
/** Folders the size budget never enters: installed, built, generated or fixture files (the packages' lib folders are never walked). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'fixtures', '.bench']);

/**
 * Every file below `dir` whose name passes `keep`, skipping SKIPPED_DIRS.
 * @param {string} dir
 * @param {(name: string) => boolean} keep
 * @returns {string[]}
 */
function walk(dir, keep) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) out.push(...walk(p, keep));
    } else if (keep(name)) out.push(p);
  }
  return out;
}
const isTs = (name) => name.endsWith('.ts') && !name.endsWith('.d.ts');
const isSource = (name) => isTs(name) && !name.endsWith('.test.ts');

const sources = [];
for (const base of ['packages', 'examples']) {
  for (const pkg of readdirSync(path.join(root, base))) {
    const src = path.join(root, base, pkg, 'src');
    try {
      if (statSync(src).isDirectory() && base === 'packages') sources.push(...walk(src, isSource));
    } catch {
      // no src folder
    }
  }
}

const packageDirs = readdirSync(path.join(root, 'packages')).map((pkg) => path.join(root, 'packages', pkg));
const sized = [
  ...packageDirs.flatMap((dir) => ['src', 'test'].flatMap((sub) => (existsSync(path.join(dir, sub)) ? walk(path.join(dir, sub), isTs) : []))),
  ...walk(path.join(root, 'scripts'), (name) => name.endsWith('.mjs')),
  ...walk(path.join(root, 'test'), isTs),
];

/**
 * The callee's leading name: `describe` for describe(...), describe.each(...)(...) and test.only(...).
 * @param {ts.Expression} callee
 * @returns {string | undefined}
 */
function calleeRoot(callee) {
  let node = callee;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) node = node.expression;
  return ts.isIdentifier(node) ? node.text : undefined;
}

/**
 * Functions longer than MAX_FUNCTION_LINES in one file. The callbacks handed to jest's describe, it
 * and test are excepted: they hold a suite's table of cases, which the file budget already bounds.
 * @param {ts.SourceFile} sf
 * @param {string} rel
 */
function checkFunctionLengths(sf, rel) {
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const jestCallback = ts.isCallExpression(node.parent) && ['describe', 'it', 'test'].includes(calleeRoot(node.parent.expression) ?? '');
      if (!jestCallback && end - start + 1 > MAX_FUNCTION_LINES) {
        const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : 'function');
        findings.push(`${rel}:${start + 1}: ${name} is ${end - start + 1} lines (budget ${MAX_FUNCTION_LINES})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

for (const file of sized) {
  const rel = path.relative(root, file);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) findings.push(`${rel}: ${lines} lines (budget ${MAX_LINES})`);
  const kind = file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  checkFunctionLengths(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind), rel);
}

const exported = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
for (const file of sources) {
  const rel = path.relative(root, file);
  const text = readFileSync(file, 'utf8');
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

/**
 * publint and attw over the tarball of every package.
 * @returns {Promise<number>} how many packages were checked
 */
async function lintPackages() {
  const out = mkdtempSync(path.join(os.tmpdir(), 'reslayer-lint-packs-'));
  try {
    let packs;
    try {
      packs = await packAll({ out, build: false });
    } catch (error) {
      findings.push(`packages: ${error.message}`);
      return 0;
    }
    const attw = path.join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    await Promise.all(packs.map(async ({ name, tarball }) => {
      const bytes = readFileSync(tarball);
      const tgz = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const { messages, pkg } = await publint({ pack: { tarball: tgz }, level: 'suggestion', strict: true });
      for (const m of messages) findings.push(`${name}: publint ${m.type} ${m.code}: ${formatMessage(m, pkg, { color: false }) ?? ''}`);
      try {
        await promisify(execFile)(process.execPath, [attw, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji', tarball], { maxBuffer: 16 * 1024 * 1024 });
      } catch (error) {
        findings.push(`${name}: attw --profile esm-only reports problems:\n${`${error.stdout ?? ''}${error.stderr ?? ''}`.trim()}`);
      }
    }));
    return packs.length;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const coreNames = coreEntryNames(root);
findings.push(...coreNameFindings(coreNames));
const packageCount = await lintPackages();
if (findings.length > 0) {
  console.error(findings.join('\n'));
  console.error(`lint: ${findings.length} finding(s)`);
  process.exit(1);
}
console.log(`lint: ${sources.length} files (TSDoc, names), ${sized.length} files (size), ${packageCount} packages (publint, attw --profile esm-only), @reslayer/core ${coreNames['@reslayer/core']?.length} names, 0 findings`);

// Finds exported types of generated output that collapsed to `never`: a type alias, a union member or a
// property whose type the checker finds assignable to `never` (e.g. `{ a: 'x' } & { a: 'y' }`). tsc accepts
// such types silently, so a type-check alone does not catch them. Disjoint intersections are reduced lazily,
// so this asks `isTypeAssignableTo(type, never)` rather than `type.isNever()`.
// A property or member written as `never` (e.g. `readonly?: never`, to forbid a key) is deliberate and not reported.
// The items of an intersection of arrays that collapsed (`allOf` members giving one array disjoint items) are the
// contract's: reported apart, with `contract: true` (the callers count them separately, not as collapsed types).
// Used by scripts/corpus.mjs directly and by the tests through test/utils/neverTypes.ts. Types: neverTypes.d.mts.
// ts-morph is a root devDependency and stays off the `generate` path.
import path from 'node:path';
import { Node, Project, ts } from 'ts-morph';

/**
 * Every exported type alias, union member, property (and array element or type argument) of the project's
 * files whose type is assignable to `never`.
 * @param {import('ts-morph').Project} project a ts-morph project with the files added
 * @param {{ root?: string, exclude?: (file: string) => boolean }} [options] `root`: only declarations in files under
 *   this folder are checked (default: every file that is not a declaration file or in node_modules); `exclude`: files
 *   (absolute paths) left out
 * @returns {import('./neverTypes.d.mts').NeverFinding[]} the findings, in file and line order
 */
export function findNeverTypes(project, options = {}) {
  const checker = project.getTypeChecker().compilerObject;
  const never = checker.getNeverType();
  const root = options.root ? path.resolve(options.root) : undefined;
  const relative = (sf) => (root ? path.relative(root, sf.getFilePath()) : sf.getFilePath()).split(path.sep).join('/');
  const inScope = (sf) =>
    !sf.isDeclarationFile() &&
    !sf.isInNodeModules() &&
    (root === undefined || `${path.resolve(sf.getFilePath())}${path.sep}`.startsWith(`${root}${path.sep}`)) &&
    !options.exclude?.(path.resolve(sf.getFilePath()));

  const findings = [];
  const reported = new Set();
  const isNever = (type) => checker.isTypeAssignableTo(type, never);
  const nodeIsNever = (node) => isNever(checker.getTypeFromTypeNode(node.compilerNode));
  const written = (node) => Node.isNeverKeyword(unwrap(node));
  const report = (node, kind, name) => {
    if (reported.has(node.compilerNode)) return;
    reported.add(node.compilerNode);
    findings.push({ file: relative(node.getSourceFile()), line: node.getStartLineNumber(), kind, name, text: clip(node.getText()) });
  };

  /** Checks the parts of a type node that did not collapse as a whole. */
  const descend = (raw, name) => {
    const node = unwrap(raw);
    const check = (child, kind, childName) => {
      if (written(child)) return;
      if (nodeIsNever(child)) report(child, kind, childName);
      else descend(child, childName);
    };
    if (Node.isUnionTypeNode(node)) node.getTypeNodes().forEach((member, i) => check(member, 'union member', `${name} | #${i + 1}`));
    else if (Node.isIntersectionTypeNode(node)) node.getTypeNodes().forEach((part) => descend(part, name));
    else if (Node.isTypeLiteral(node) || Node.isInterfaceDeclaration(node)) {
      for (const prop of node.getProperties()) {
        const typeNode = prop.getTypeNode();
        if (typeNode) check(typeNode, 'property', `${name}.${prop.getName()}`);
      }
    } else if (Node.isArrayTypeNode(node)) check(node.getElementTypeNode(), 'array element', `${name}[]`);
    else if (Node.isTupleTypeNode(node)) node.getElements().forEach((el, i) => check(el, 'array element', `${name}[${i}]`));
    else if (Node.isTypeReference(node)) node.getTypeArguments().forEach((arg, i) => check(arg, 'type argument', `${name}<#${i + 1}>`));
  };

  const ctx = { project, checker, isNever, reported, findings, inScope, relative };
  const seen = new Set();
  for (const sf of project.getSourceFiles().filter(inScope)) {
    for (const [exportName, declarations] of sf.getExportedDeclarations()) {
      for (const decl of declarations) {
        if (seen.has(decl.compilerNode) || !inScope(decl.getSourceFile())) continue;
        seen.add(decl.compilerNode);
        if (Node.isTypeAliasDeclaration(decl)) {
          const typeNode = decl.getTypeNodeOrThrow();
          if (written(typeNode)) continue;
          if (nodeIsNever(typeNode)) {
            report(typeNode, 'type alias', exportName);
            continue;
          }
          descend(typeNode, exportName);
          checkComputedProperties(ctx, decl.getNameNode(), exportName);
        } else if (Node.isInterfaceDeclaration(decl)) {
          descend(decl, exportName);
          checkComputedProperties(ctx, decl.getNameNode(), exportName);
        }
      }
    }
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name));
}

// An intersection of array types (`A[] & B[]`: `allOf` members that each give the property its own items) whose
// items collapsed: the property is not `never` (an empty array fits), but no item does. The contract's members
// say so (disjoint enums for one item property), not the generator: reported with `contract: true`.
function forcedElement(checker, isNever, type) {
  if (!type.isIntersection() || !type.types.every((t) => checker.isArrayType(t))) return undefined;
  const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
  return element && isNever(element) ? element : undefined;
}

/**
 * Properties the checker computes (mapped types, `extends`), which the written nodes do not show.
 * @param {{ project: import('ts-morph').Project, checker: import('typescript').TypeChecker, isNever: (type: import('typescript').Type) => boolean, reported: Set<unknown>, findings: object[], inScope: (sf: import('ts-morph').SourceFile) => boolean, relative: (sf: import('ts-morph').SourceFile) => string }} ctx
 */
function checkComputedProperties({ project, checker, isNever, reported, findings, inScope, relative }, decl, name) {
  const type = checker.getTypeAtLocation(decl.compilerNode);
  const objects = type.isUnion() ? type.types : [type];
  for (const object of objects) {
    if (!(object.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) continue;
    for (const symbol of checker.getPropertiesOfType(object)) {
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      const typeNode = declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) ? declaration.type : undefined;
      if (typeNode?.kind === ts.SyntaxKind.NeverKeyword || (declaration && reported.has(typeNode ?? declaration))) continue;
      const propType = checker.getTypeOfSymbol(symbol);
      // An optional property reads as `T | undefined`: it collapsed when every other member did.
      const members = propType.isUnion() ? propType.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined)) : [propType];
      const element = members.length === 1 ? forcedElement(checker, isNever, members[0]) : undefined;
      if (members.length === 0 || (!element && !members.every(isNever))) continue;
      const key = typeNode ?? declaration ?? decl.compilerNode;
      if (reported.has(key)) continue;
      reported.add(key);
      // Where the property is written when that is in scope (e.g. an extended interface), else the declaration checked.
      const home = declaration ? project.getSourceFile(declaration.getSourceFile().fileName) : undefined;
      const line = home && declaration && inScope(home) ? home.getLineAndColumnAtPos(declaration.getStart()).line : decl.getStartLineNumber();
      const where = { file: relative(home && inScope(home) ? home : decl.getSourceFile()), line };
      if (element) findings.push({ ...where, kind: 'array element', name: `${name}.${symbol.getName()}[]`, text: clip(checker.typeToString(propType)), contract: true });
      else findings.push({ ...where, kind: 'property', name: `${name}.${symbol.getName()}`, text: clip(checker.typeToString(propType)) });
    }
  }
}

/**
 * Loads generated output into one ts-morph project with the settings of the type-check harness (strict,
 * noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext, skipLibCheck).
 * @param {string} outDir output root (inside the repository, so `@reslayer/runtime` resolves)
 * @param {readonly string[]} [include] globs under `outDir` (default `src/**\/*.ts`)
 * @returns {import('ts-morph').Project}
 */
export function loadGeneratedProject(outDir, include = ['src/**/*.ts']) {
  const project = new Project({
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
  });
  project.addSourceFilesAtPaths(include.map((g) => path.join(outDir, g)));
  project.resolveSourceFileDependencies();
  return project;
}

/**
 * The collapsed types of generated output ({@link loadGeneratedProject} + {@link findNeverTypes}).
 * @param {string} outDir output root
 * @param {readonly string[]} [include] globs under `outDir`
 * @param {(file: string) => boolean} [exclude] files (absolute paths) left out of the check, e.g. a usage probe
 * @returns {import('./neverTypes.d.mts').NeverFinding[]}
 */
export function neverTypesIn(outDir, include, exclude) {
  return findNeverTypes(loadGeneratedProject(outDir, include), { root: outDir, ...(exclude ? { exclude } : {}) });
}

/**
 * One line per finding, for a failure message.
 * @param {readonly import('./neverTypes.d.mts').NeverFinding[]} findings
 * @returns {string[]}
 */
export function formatNeverFindings(findings) {
  return findings.map((f) => `${f.file}:${f.line} ${f.kind} ${f.name}: ${f.text}`);
}

function unwrap(node) {
  let n = node;
  while (Node.isParenthesizedTypeNode(n)) n = n.getTypeNode();
  return n;
}

function clip(text) {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine;
}

// `node scripts/lib/neverTypes.mjs <outDir> [--exclude <file>]… [--include <glob>]…`: prints `{ files, seconds,
// findings }` as JSON (scripts/corpus.mjs runs it in a child process per contract, so each project's memory is freed
// with it). `--include`: globs under outDir instead of `src/**/*.ts` (several outputs checked at once).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const argv = process.argv.slice(2);
  const outDir = argv[0];
  if (!outDir) {
    console.error('usage: node scripts/lib/neverTypes.mjs <outDir> [--exclude <file>]…');
    process.exit(2);
  }
  const excluded = new Set(argv.flatMap((a, i) => (argv[i - 1] === '--exclude' ? [path.resolve(a)] : [])));
  const start = performance.now();
  const include = argv.flatMap((a, i) => (argv[i - 1] === '--include' ? [a] : []));
  const project = loadGeneratedProject(path.resolve(outDir), include.length > 0 ? include : undefined);
  const findings = findNeverTypes(project, { root: outDir, exclude: (f) => excluded.has(f) });
  const files = project.getSourceFiles().filter((sf) => !sf.isDeclarationFile() && !sf.isInNodeModules()).length;
  process.stdout.write(`${JSON.stringify({ files, seconds: Number(((performance.now() - start) / 1000).toFixed(1)), findings })}\n`);
}

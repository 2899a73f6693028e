// Finds exported types of generated output that collapsed to `never`: a type alias, a union member or a
// property whose type the checker finds assignable to `never` (e.g. `{ a: 'x' } & { a: 'y' }`). tsc accepts
// such types silently, so a type-check alone does not catch them. Disjoint intersections are reduced lazily,
// so this asks `isTypeAssignableTo(type, never)` rather than `type.isNever()`.
// A property or member written as `never` (e.g. `readonly?: never`, to forbid a key) is deliberate and not reported.
// Test-only: ts-morph is a root devDependency and stays off the `generate` path.
import path from 'node:path';
import { Node, Project, ts, type SourceFile } from 'ts-morph';

/** One type that collapsed to `never`. */
export interface NeverFinding {
  /** File, relative to the project's root folder (POSIX). */
  file: string;
  line: number;
  kind: 'type alias' | 'union member' | 'property' | 'array element' | 'type argument';
  /** Where: `Alias`, `Alias.prop.sub`, `Alias | #2` (second union member), `Alias.list[]`. */
  name: string;
  /** The type as written (clipped). */
  text: string;
}

/** Options of {@link findNeverTypes}. */
export interface NeverTypesOptions {
  /** Only declarations in files under this folder are checked (default: every file of the project that is not a declaration file or in node_modules). */
  root?: string;
}

/**
 * Every exported type alias, union member, property (and array element or type argument) of the project's
 * files whose type is assignable to `never`.
 * @param project a ts-morph project with the files added
 * @param options which files to check
 * @returns the findings, in file and line order
 */
export function findNeverTypes(project: Project, options: NeverTypesOptions = {}): NeverFinding[] {
  const checker = project.getTypeChecker().compilerObject;
  const never = checker.getNeverType();
  const root = options.root ? path.resolve(options.root) : undefined;
  const relative = (sf: SourceFile) => (root ? path.relative(root, sf.getFilePath()) : sf.getFilePath()).split(path.sep).join('/');
  const inScope = (sf: SourceFile) =>
    !sf.isDeclarationFile() && !sf.isInNodeModules() && (root === undefined || `${path.resolve(sf.getFilePath())}${path.sep}`.startsWith(`${root}${path.sep}`));

  const findings: NeverFinding[] = [];
  const reported = new Set<ts.Node>();
  const isNever = (type: ts.Type): boolean => checker.isTypeAssignableTo(type, never);
  const nodeIsNever = (node: Node): boolean => isNever(checker.getTypeFromTypeNode(node.compilerNode as ts.TypeNode));
  const written = (node: Node): boolean => Node.isNeverKeyword(unwrap(node));
  const report = (node: Node, kind: NeverFinding['kind'], name: string): void => {
    if (reported.has(node.compilerNode)) return;
    reported.add(node.compilerNode);
    findings.push({ file: relative(node.getSourceFile()), line: node.getStartLineNumber(), kind, name, text: clip(node.getText()) });
  };

  /** Checks the parts of a type node that did not collapse as a whole. */
  const descend = (raw: Node, name: string): void => {
    const node = unwrap(raw);
    const check = (child: Node, kind: NeverFinding['kind'], childName: string): void => {
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

  /** Properties the checker computes (mapped types, `extends`), which the written nodes do not show. */
  const checkComputedProperties = (decl: Node, name: string): void => {
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
        if (members.length === 0 || !members.every(isNever)) continue;
        const key = typeNode ?? declaration ?? decl.compilerNode;
        if (reported.has(key)) continue;
        reported.add(key);
        // Where the property is written when that is in scope (e.g. an extended interface), else the declaration checked.
        const home = declaration ? project.getSourceFile(declaration.getSourceFile().fileName) : undefined;
        const line = home && declaration && inScope(home) ? home.getLineAndColumnAtPos(declaration.getStart()).line : decl.getStartLineNumber();
        findings.push({ file: relative(home && inScope(home) ? home : decl.getSourceFile()), line, kind: 'property', name: `${name}.${symbol.getName()}`, text: clip(checker.typeToString(propType)) });
      }
    }
  };

  const seen = new Set<ts.Node>();
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
          checkComputedProperties(decl.getNameNode(), exportName);
        } else if (Node.isInterfaceDeclaration(decl)) {
          descend(decl, exportName);
          checkComputedProperties(decl.getNameNode(), exportName);
        }
      }
    }
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name));
}

/**
 * Loads generated output into a ts-morph project with the settings of the type-check harness (strict,
 * noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext).
 * @param outDir output root (inside the repository, so `@reslayer/runtime` resolves)
 * @param include globs under `outDir` (default `src/**\/*.ts`)
 */
export function loadGeneratedProject(outDir: string, include: readonly string[] = ['src/**/*.ts']): Project {
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
 * @param outDir output root
 * @param include globs under `outDir`
 */
export function neverTypesIn(outDir: string, include?: readonly string[]): NeverFinding[] {
  return findNeverTypes(loadGeneratedProject(outDir, include), { root: outDir });
}

/** One line per finding, for a failure message. */
export function formatNeverFindings(findings: readonly NeverFinding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line} ${f.kind} ${f.name}: ${f.text}`);
}

function unwrap(node: Node): Node {
  let n = node;
  while (Node.isParenthesizedTypeNode(n)) n = n.getTypeNode();
  return n;
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine;
}

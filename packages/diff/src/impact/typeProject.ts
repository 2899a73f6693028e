import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Project, ts } from 'ts-morph';

/** The two generated versions, loaded side by side into one TypeScript program. */
export interface TypeProject {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The source file of a generated path in one version (undefined when not loaded). */
  sourceFile(version: 'old' | 'new', file: string): ts.SourceFile | undefined;
}

/** Relative imports of a generated file (`./x.js`, `../y/index.js`), as generated paths. */
export function relativeImports(file: string, contents: string): string[] {
  const out: string[] = [];
  for (const m of contents.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
    const spec = (m[1] ?? m[2]) as string;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
    out.push(target);
  }
  return out;
}

/**
 * Where bare imports (`@reslayer/runtime`, `msw`, `@tanstack/react-query`) resolve when the project does
 * not have them: from this package, which depends on `@reslayer/runtime`.
 */
const FALLBACK_FROM = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fallback.ts');

/**
 * Builds one ts-morph project holding both versions under `<base>/old/…` and `<base>/new/…` (in memory:
 * nothing is written). `base` should lie inside the project (e.g. under the output root) so bare imports
 * resolve from its `node_modules`, as the application's compiler would; what does not resolve there is
 * looked up from this package (which has `@reslayer/runtime`). Compiler options: strict, bundler
 * resolution, ES2023 + DOM libraries.
 * @param base absolute folder the two versions are placed under (need not exist)
 * @param files the generated files of each version to load (generated path → contents)
 */
export function createTypeProject(base: string, files: { old: ReadonlyMap<string, string>; new: ReadonlyMap<string, string> }): TypeProject {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  };
  const project = new Project({
    compilerOptions: options,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    resolutionHost: (host, getOptions) => ({
      resolveModuleNames: (names, containingFile) =>
        names.map((name) => {
          const found = ts.resolveModuleName(name, containingFile, getOptions(), host).resolvedModule;
          if (found || name.startsWith('.')) return found;
          return ts.resolveModuleName(name, FALLBACK_FROM, getOptions(), host).resolvedModule;
        }),
    }),
  });
  const at = (version: 'old' | 'new', file: string) => path.join(base, version, ...file.split('/'));
  for (const version of ['old', 'new'] as const) {
    for (const [file, contents] of files[version]) project.createSourceFile(at(version, file), contents, { overwrite: true });
  }
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  return { program, checker, sourceFile: (version, file) => program.getSourceFile(at(version, file).split(path.sep).join('/')) };
}

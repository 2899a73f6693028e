// Generates a contract's resource layer with the built CLI into `.runtime-out/<case>/` and compiles the
// generated client folder to JavaScript next to the TypeScript, so the test can import it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CLIENT_ROOT } from '@reslayer/plugin-client/naming';
import { listFiles, runCli } from '../../helpers/cli.js';
import { ROOT } from '../../helpers/paths.js';
import { writeValidatorsConfig } from '../../../scripts/lib/validators.mjs';

/**
 * Output base of the runtime tests. It lies inside the repository (to be gitignored) so that the compiled
 * client's `import … from '@reslayer/runtime'` resolves from the root `node_modules`.
 */
export const RUNTIME_OUT = path.join(ROOT, '.runtime-out');

/** A generated and compiled layer. */
export interface CompiledLayer {
  /** Output root, `.runtime-out/<case>`. */
  outDir: string;
  /** Source root of the generated files, `<outDir>/src`. */
  srcDir: string;
  /** The `.ts` files compiled (absolute). */
  compiled: string[];
}

/**
 * Generates `contract` (contract mode: the four built-in plugins, default options) into a fresh
 * `.runtime-out/<caseName>/` and compiles every `.ts` file of the client folder (`src/shared/api/generated`)
 * with `ts.transpileModule` to a `.js` file beside it. Import specifiers stay as written (`./x.types.js`,
 * `@reslayer/runtime`); type-only imports disappear.
 * @param caseName output folder name
 * @param contract absolute path of the contract
 * @throws Error when the CLI fails or a file does not transpile
 */
export function generateAndCompile(caseName: string, contract: string, options: { validators?: 'zod' | 'valibot' } = {}): CompiledLayer {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(caseName)) throw new Error(`bad case name ${caseName}`);
  const outDir = path.join(RUNTIME_OUT, caseName);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const args = options.validators ? ['--config', writeValidatorsConfig(ROOT, outDir, contract, options.validators)] : [contract, '--output', outDir];
  const run = runCli(['generate', ...args, '--json'], { timeoutMs: 120_000 });
  if (run.status !== 0) {
    throw new Error(`reslayer generate ${contract} failed (exit ${String(run.status)}${run.timedOut ? ', timed out' : ''}):\n${run.stdout}\n${run.stderr}`);
  }
  const srcDir = path.join(outDir, 'src');
  const clientDir = path.join(srcDir, CLIENT_ROOT);
  const sources = listFiles(clientDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  if (sources.length === 0) throw new Error(`no generated client files under ${clientDir}`);
  for (const file of sources) {
    const out = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        verbatimModuleSyntax: true,
        sourceMap: false,
      },
    });
    const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) {
      throw new Error(`${file} does not transpile:\n${errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')}`);
    }
    writeFileSync(file.replace(/\.ts$/, '.js'), out.outputText);
  }
  return { outDir, srcDir, compiled: sources };
}


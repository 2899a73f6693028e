// Checks the generated mock fixtures of a layer against the schemas plugin-validators generated for it: every
// fixture constant typed with a type that has a schema (`<Type>Schema` in the schemas module of the resource the
// type is imported from) is validated with it through Standard Schema (`~standard.validate`), item by item for
// arrays. Used by packages/plugin-validators/test/fixtures.test.ts (demo and small corpus contracts) and by
// scripts/corpus.mjs --validators (every corpus contract). Types: validators.d.mts.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Folder of the generated client layer and of the mocks, under the source root. */
const CLIENT_ROOT = 'shared/api/generated';
const MOCKS_ROOT = 'shared/mocks';

/**
 * The fixture constants of a fixtures file: `export const name: Type = …` or `: Type[]`.
 * @param {string} text the fixtures file
 */
export function fixtureBindings(text) {
  const found = [...text.matchAll(/^export const (\w+): (\w+)(\[\])? =/gm)];
  return found.map((m, i) => {
    // plugin-mocks casts a sample `as unknown as T` when T has no possible value (a contract contradiction).
    const body = text.slice(m.index, found[i + 1]?.index ?? text.length);
    return { name: m[1], type: m[2], array: m[3] === '[]', cast: body.includes(' as unknown as ') };
  });
}

/**
 * The resource folder each type of a fixtures file is imported from (`import type { A } from '../../api/generated/<r>/index.js'`).
 * @param {string} text the fixtures file
 * @returns {Map<string, string>}
 */
export function typeOrigins(text) {
  const out = new Map();
  for (const m of text.matchAll(/^import type \{([^}]*)\} from '\.\.\/\.\.\/api\/generated\/([^/']+)\/index\.js';$/gm)) {
    for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) out.set(name, m[2]);
  }
  return out;
}

function jsonPath(p) {
  let out = '$';
  for (const s of p ?? []) {
    const key = typeof s === 'object' && s !== null ? s.key : s;
    out += typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/**
 * Validates every fixture of a generated layer that has a schema.
 * @param {string} srcDir the generated source root
 * @param {(file: string) => Promise<Record<string, unknown>>} load imports a generated module by its `.ts` path
 * @returns {Promise<{ checked: number, values: number, skipped: number, failures: Array<{ fixture: string, type: string, path: string, message: string }> }>}
 *   `checked`: fixture constants validated; `values`: values validated (array items count one each); `skipped`: fixture
 *   constants whose type has no schema (error bodies, which plugin-validators does not cover); `casts`: fixtures plugin-mocks
 *   wrote `as unknown as T` because T has no possible value (the contract contradicts itself), not checked
 */
export async function checkFixtures(srcDir, load) {
  const result = { checked: 0, values: 0, skipped: 0, casts: 0, failures: [] };
  const mocksDir = path.join(srcDir, MOCKS_ROOT);
  if (!existsSync(mocksDir)) return result;
  for (const resource of readdirSync(mocksDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    const file = path.join(mocksDir, resource, `${resource}.fixtures.ts`);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const origins = typeOrigins(text);
    const fixtures = await load(file);
    for (const b of fixtureBindings(text)) {
      const origin = origins.get(b.type);
      const schemasFile = origin ? path.join(srcDir, CLIENT_ROOT, origin, `${origin}.schemas.ts`) : undefined;
      const schema = schemasFile && existsSync(schemasFile) ? (await load(schemasFile))[`${b.type}Schema`] : undefined;
      if (!schema) {
        result.skipped++;
        continue;
      }
      if (b.cast) {
        result.casts++;
        continue;
      }
      result.checked++;
      const values = b.array ? fixtures[b.name] : [fixtures[b.name]];
      for (const [i, value] of values.entries()) {
        result.values++;
        const r = await schema['~standard'].validate(value);
        if (r.issues) {
          const first = r.issues[0];
          result.failures.push({ fixture: `${resource}/${b.name}${b.array ? `[${i}]` : ''}`, type: b.type, path: jsonPath(first?.path), message: first?.message ?? 'invalid' });
        }
      }
    }
  }
  return result;
}

/**
 * Transpiles every `.ts` file under `dir` to an ES module `.js` beside it (imports kept as written), so node can
 * import a generated layer without a TypeScript loader.
 * @param {string} dir a folder
 * @returns {number} files transpiled
 */
export function transpileTree(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) n += transpileTree(p);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const out = ts.transpileModule(readFileSync(p, 'utf8'), { fileName: p, compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true } });
      writeFileSync(p.replace(/\.ts$/, '.js'), out.outputText);
      n++;
    }
  }
  return n;
}

/**
 * Writes a generator config (.mjs) with the four built-in plugins and plugin-validators, imported from the built
 * packages of `root`, beside the output root as `<output>.generator.config.mjs` (an output root may not hold its
 * config: `RSL_OUTPUT_ROOT_UNSAFE`).
 * @param {string} root repository root
 * @param {string} output the output root (absolute)
 * @param {string} input the contract
 * @param {'zod' | 'valibot'} library the schema library
 * @returns {string} the config's path
 */
export function writeValidatorsConfig(root, output, input, library) {
  const file = `${output}.generator.config.mjs`;
  const lib = (name) => JSON.stringify(pathToFileURL(path.join(root, 'packages', name, 'lib/index.js')).href);
  writeFileSync(
    file,
    [
      `import { pluginClient } from ${lib('plugin-client')};`,
      `import { pluginHooks } from ${lib('plugin-hooks')};`,
      `import { pluginConfigMeta } from ${lib('plugin-config-meta')};`,
      `import { pluginMocks } from ${lib('plugin-mocks')};`,
      `import { pluginValidators } from ${lib('plugin-validators')};`,
      `export default { input: ${JSON.stringify(input)}, output: ${JSON.stringify(output)}, plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks(), pluginValidators({ library: ${JSON.stringify(library)} })] };`,
      '',
    ].join('\n'),
  );
  return file;
}

// eslint's `react-hooks/rules-of-hooks` over a route loader (a plain function, not a component or hook) that
// calls every framework-free factory of the demo's generated hooks layer: the factories are no hooks, so it
// reports nothing; the same loader calling a `use*Query` hook is reported, so the check can fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { DEMO_GENERATED } from '../../packages/plugin-hooks/test/helpers.js';

const FEATURES = path.join(DEMO_GENERATED, 'src/features');

/** Names of the functions and constants the demo's hook files export, by import path relative to `src/`. */
function demoExports(): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const resource of readdirSync(FEATURES).sort()) {
    const dir = path.join(FEATURES, resource, 'api');
    for (const file of readdirSync(dir).filter((f) => f !== 'index.ts').sort()) {
      const names = [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^export (?:async )?(?:function|const) ([A-Za-z0-9_$]+)/gm)].map((m) => m[1] ?? '');
      byModule.set(`./features/${resource}/api/index.js`, [...(byModule.get(`./features/${resource}/api/index.js`) ?? []), ...names]);
    }
  }
  return byModule;
}

const FACTORY = /(QueryOptions|InfiniteQueryOptions|MutationOptions)$/;

/** A module with a route loader that calls each factory, and optionally one more call. */
function loaderSource(exports: Map<string, string[]>, extra = ''): string {
  const imports = [...exports].map(([from, names]) => `import { ${names.filter((n) => FACTORY.test(n)).join(', ')} } from '${from}';`);
  const calls = [...exports.values()].flat().filter((n) => FACTORY.test(n)).map((n) => `  await queryClient.prefetchQuery(${n}(params.id));`);
  return [...imports, '', 'export async function contactRouteLoader({ params }, queryClient) {', ...calls, extra, '  return null;', '}', ''].join('\n');
}

/** eslint with a flat config that turns on `react-hooks/rules-of-hooks` only. */
const eslint = (): ESLint =>
  new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.js'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, plugins: { 'react-hooks': { rules: { 'rules-of-hooks': reactHooks.rules['rules-of-hooks'] } } }, rules: { 'react-hooks/rules-of-hooks': 'error' } }],
  });

describe("eslint react-hooks/rules-of-hooks on the demo's framework-free factories", () => {
  const exports = demoExports();
  const factories = [...exports.values()].flat().filter((n) => FACTORY.test(n));

  it('the default output exports the factories, and nothing named use*', () => {
    // 14 operations, one factory each, and the infinite factories of the two paginated lists.
    expect(factories).toHaveLength(16);
    expect(factories).toEqual(expect.arrayContaining(['contactsQueryOptions', 'contactQueryOptions', 'contactsInfiniteQueryOptions', 'updateContactMutationOptions', 'downloadFileQueryOptions']));
    expect([...exports.values()].flat().filter((n) => n.startsWith('use'))).toEqual([]);
  });

  it('a route loader calling every factory has 0 problems', async () => {
    const [result] = await eslint().lintText(loaderSource(exports), { filePath: path.join(DEMO_GENERATED, 'src/loader.js') });
    expect(result?.messages).toEqual([]);
    expect(result?.errorCount).toBe(0);
  });

  it('the same loader calling a use*Query hook is reported', async () => {
    const source = loaderSource(exports, "  useContactsQuery({ page: 1 });");
    const [result] = await eslint().lintText(source, { filePath: path.join(DEMO_GENERATED, 'src/loader.js') });
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['react-hooks/rules-of-hooks']);
    expect(result?.messages[0]?.message).toContain('useContactsQuery');
  });
});

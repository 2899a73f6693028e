// Config discovery (`findConfig`, what the CLI does without --config) and the `reslayer` key of package.json.
import path from 'node:path';
import { findConfig, loadConfigs } from './loadConfig.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

describe('findConfig: from the working directory upwards', () => {
  it('finds generator.config.ts, reslayer.config.ts or a "reslayer" key in package.json, nearest first', async () => {
    const root = await tmp.sub('find');
    const deep = path.join(root, 'a/b/c');
    await tmp.write(path.relative(await tmp.root(), path.join(deep, 'keep.txt')), 'x');
    expect(findConfig(deep)).toBeUndefined();
    await tmp.write(path.relative(await tmp.root(), path.join(root, 'package.json')), { name: 'app', reslayer: { input: 'openapi.yaml' } });
    expect(findConfig(deep)).toBe(path.join(root, 'package.json'));
    await tmp.write(path.relative(await tmp.root(), path.join(root, 'a/b/package.json')), { name: 'no-key' });
    expect(findConfig(deep)).toBe(path.join(root, 'package.json'));
    await tmp.write(path.relative(await tmp.root(), path.join(root, 'a/reslayer.config.ts')), 'export default {};\n');
    expect(findConfig(deep)).toBe(path.join(root, 'a/reslayer.config.ts'));
    await tmp.write(path.relative(await tmp.root(), path.join(root, 'a/generator.config.ts')), 'export default {};\n');
    expect(findConfig(deep)).toBe(path.join(root, 'a/generator.config.ts'));
    expect(findConfig(root)).toBe(path.join(root, 'package.json'));
  });

  it('loads the "reslayer" key of package.json, paths resolving from its folder', async () => {
    const file = await tmp.write('pkg/package.json', { name: 'app', reslayer: { input: './openapi.yaml', output: './src/api', plugins: [] } });
    const [run] = await loadConfigs(file);
    expect(run?.input).toBe(path.join(path.dirname(file), 'openapi.yaml'));
    expect(run?.outputRoot).toBe(path.join(path.dirname(file), 'src/api'));
  });
});

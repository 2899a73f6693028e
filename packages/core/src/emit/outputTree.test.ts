import path from 'node:path';
import { resolveInside } from './outputTree.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

describe('resolveInside', () => {
  const root = path.resolve('/tmp/reslayer-out');
  const location = { outputRoot: root, srcDir: 'src' };

  it.each(['src/a.ts', 'src/shared/api/generated/x/x.client.ts', '.reslayer-manifest.json', 'a b/ü.ts', '', '.', 'src/./a.ts', 'src//a.ts', 'src/x/../a.ts', 'src/', '...', 'a..b/c'])(
    'gives what path.resolve gives for %j',
    (rel) => {
      expect(resolveInside(location, rel)).toBe(path.resolve(root, rel));
    },
  );

  it.each(['..', '../x', 'src/../../x', '/etc/passwd', 'src/../..'])('refuses %j, which leaves the root', (rel) => {
    expect(() => resolveInside(location, rel)).toThrow(GeneratorError);
  });

  it('a relative output root is resolved against the working directory each time', () => {
    expect(resolveInside({ outputRoot: 'out', srcDir: 'src' }, 'src/a.ts')).toBe(path.resolve('out', 'src/a.ts'));
  });
});

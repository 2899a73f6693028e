// The lazy string-width the CLI gives yargs' help layout: the real module's widths for every string, the
// real module loaded only for text that is not printable ASCII, and a command run that never loads it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type StringWidth, lazyStringWidth } from '../src/lazyStringWidth.js';
import { CLI, DEMO_CONTRACT, REPO_ROOT, cleanup, tmpDir } from './helpers.js';

/** The real string-width, as cliui (yargs' layout) resolves it. */
function realPath(): string {
  const fromCli = createRequire(path.join(REPO_ROOT, 'packages/cli/package.json'));
  const fromYargs = createRequire(fromCli.resolve('yargs'));
  return createRequire(fromYargs.resolve('cliui')).resolve('string-width');
}

describe('lazyStringWidth', () => {
  afterAll(cleanup);

  it('gives the real string-width for every string, and loads it only for text that is not printable ASCII', async () => {
    const real = ((await import(pathToFileURL(realPath()).href)) as { default: StringWidth }).default;
    let loads = 0;
    const width = lazyStringWidth(() => {
      loads++;
      return real;
    });
    const ascii = ['', 'reslayer generate [contract]', '  -c, --config   Path of generator.config.ts', ' !"#$%&\'()*+,-./0123456789:;<=>?@[\\]^_`{|}~'];
    for (const s of ascii) expect(width(s)).toBe(real(s));
    expect(loads).toBe(0);
    const other = ['\u001b[31mred\u001b[39m', '日本語のテキスト', 'naïve café', '👩‍👩‍👧 family', 'tab\there', 'a\u200bb', 'line\nbreak', '±½ ambiguous'];
    for (const s of other) {
      expect(width(s)).toBe(real(s));
      expect(width(s, { ambiguousIsNarrow: false })).toBe(real(s, { ambiguousIsNarrow: false }));
      expect(width(s, { countAnsiEscapeCodes: true })).toBe(real(s, { countAnsiEscapeCodes: true }));
    }
    expect(loads).toBe(1);
  });

  it('a command run (help layout included) never loads the real string-width', () => {
    const out = tmpDir('lazy-width-');
    // A load hook that reports every module loaded from string-width's folder.
    const watcher = `data:text/javascript,${encodeURIComponent(
      "import module from 'node:module'; module.registerHooks({ load(url, context, next) { if (url.includes('/string-width/')) process.stderr.write('LOADED ' + url.split('?')[0] + '\\n'); return next(url, context); } });",
    )}`;
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', watcher, CLI, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const generate = run(['generate', DEMO_CONTRACT, '--output', out]);
    expect(generate.status).toBe(0);
    const help = run(['generate', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('reslayer generate [contract]');
    expect(`${generate.stderr}${help.stderr}`).not.toContain('LOADED');
    // Every command renders its help on every run: each one's help text is printable ASCII, so none loads it.
    for (const command of ['init', 'inspect', 'lint', 'generate', 'check', 'diff', 'explain']) {
      const shown = run([command, '--help']);
      expect({ command, status: shown.status, loaded: shown.stderr.includes('LOADED') }).toEqual({ command, status: 0, loaded: false });
    }
    // The watcher does see the real module when something needs it (so its silence above means something).
    const check = spawnSync(process.execPath, ['--import', watcher, '--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(realPath()).href)})`], { encoding: 'utf8' });
    expect(check.stderr).toContain('LOADED');
  });
});

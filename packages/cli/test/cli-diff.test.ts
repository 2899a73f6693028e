// `reslayer diff` end to end (the BUILT CLI: `pnpm build` first): exit codes, JSON, markdown, --base with a
// multi-file contract in a git repository, the HTML report in headless Chromium (screenshot in
// `<repo>/.artifacts/diff/`), and the commands docs/ci.md uses, against the demo.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { DIFF_CODES, type DiffCode, type DiffCodeInfo } from '@reslayer/diff';
import { CHROMIUM, CHROMIUM_ARGS, describeInBrowser } from '../../../test/helpers/browser.js';
import { DEMO_CONTRACT, REPO_ROOT, cleanup, runCli, tmpDir, write } from './helpers.js';

afterAll(cleanup);

/** The demo contract and a copy with `Contact.lastName` renamed to `surname`, in a temporary folder. */
function renamedPair(): { cwd: string } {
  const cwd = tmpDir();
  const text = readFileSync(DEMO_CONTRACT, 'utf8');
  writeFileSync(path.join(cwd, 'old.yaml'), text);
  writeFileSync(path.join(cwd, 'new.yaml'), text.replace(/(\n {8})lastName:\n/, '$1surname:\n').replace('required: [id, firstName, lastName, email, status, createdAt]', 'required: [id, firstName, surname, email, status, createdAt]'));
  return { cwd };
}

describe('reslayer diff', () => {
  test('descriptions and examples only: 0 possibly breaking, listed with --docs only, no two lines alike; a real change still shows', () => {
    const cwd = tmpDir();
    const text = readFileSync(DEMO_CONTRACT, 'utf8');
    let n = 0;
    const docsOnly = text
      .replace(/^(\s+example: ).*$/gm, (_m, key: string) => `${key}'changed ${++n}'`)
      .replace(/^(\s+description: )([^|>\n].*)$/gm, '$1$2 (v2)');
    writeFileSync(path.join(cwd, 'old.yaml'), text);
    writeFileSync(path.join(cwd, 'new.yaml'), docsOnly);
    const hidden = runCli(['diff', 'old.yaml', 'new.yaml', '--fail-on', 'possibly-breaking'], cwd);
    expect(hidden.status).toBe(0);
    expect(hidden.stdout).toMatch(/\b0 possibly breaking\b/);
    expect(hidden.stdout).not.toContain('RSL_DIFF_DOCUMENTATION_CHANGED');
    expect(hidden.stdout).toMatch(/\d+ documentation changes \(description, example\) not listed: --docs lists them/);
    const shown = runCli(['diff', 'old.yaml', 'new.yaml', '--docs', '--fail-on', 'possibly-breaking'], cwd);
    expect(shown.status).toBe(0);
    const lines = shown.stdout.split('\n').filter((l) => l.includes('RSL_DIFF_'));
    expect(lines.length).toBeGreaterThan(n);
    expect(lines.every((l) => l.includes('RSL_DIFF_DOCUMENTATION_CHANGED') && l.includes('#/'))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
    writeFileSync(path.join(cwd, 'new.yaml'), docsOnly.replace(/(\n {8})lastName:\n/, '$1surname:\n'));
    const real = runCli(['diff', 'old.yaml', 'new.yaml', '--docs', '--fail-on', 'never'], cwd);
    const realLines = real.stdout.split('\n').filter((l) => l.includes('RSL_DIFF_'));
    expect(realLines.some((l) => l.includes('RSL_DIFF_RESPONSE_PROPERTY_REMOVED') && l.includes('#/components/schemas/Contact/properties/lastName'))).toBe(true);
    expect(new Set(realLines).size).toBe(realLines.length);
  });

  test('exit 1 on a breaking change (text), 0 with --fail-on never, JSON with the changes and symbols', () => {
    const { cwd } = renamedPair();
    const text = runCli(['diff', 'old.yaml', 'new.yaml'], cwd);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('RSL_DIFF_RESPONSE_PROPERTY_REMOVED');
    expect(text.stdout).toContain('contactsConfig.fields[lastName]');
    expect(text.stdout).toMatch(/✖ diff failed/);
    const json = runCli(['diff', 'old.yaml', 'new.yaml', '--json', '--fail-on', 'never'], cwd);
    expect(json.status).toBe(0);
    const doc = JSON.parse(json.stdout) as { ok: boolean; level: string; changes: Array<{ code: string }>; symbols: Array<{ name: string; status: string }> };
    expect(doc).toMatchObject({ ok: true, level: 'breaking' });
    expect(doc.changes.map((c) => c.code)).toContain('RSL_DIFF_REQUIRED_PROPERTY_ADDED');
    expect(doc.symbols).toContainEqual(expect.objectContaining({ name: 'contactsI18n.fields.lastName', status: 'renamed' }));
  });

  test('--report markdown without --report-file prints the PR comment: summary first, then the breaking changes', () => {
    const { cwd } = renamedPair();
    const run = runCli(['diff', 'old.yaml', 'new.yaml', '--report', 'markdown'], cwd);
    expect(run.status).toBe(1);
    const md = run.stdout;
    expect(md.startsWith('## ❌ reslayer diff: breaking changes')).toBe(true);
    expect(md.indexOf('| Contract changes |')).toBeLessThan(md.indexOf('### Breaking changes'));
    expect(md).toContain('`contactsConfig.columns[lastName]`');
  });

  test('without --config it uses the config found from the working directory, as generate does: its plugins and output', () => {
    const { cwd } = renamedPair();
    const files = (dir: string) => (JSON.parse(runCli(['diff', 'old.yaml', 'new.yaml', '--json', '--fail-on', 'never'], dir).stdout) as { files: Array<{ path: string }> }).files.map((f) => f.path);
    // No config: the four built-in plugins into ./generated, sources under src/.
    expect(files(cwd).every((f) => f.startsWith('src/'))).toBe(true);
    // The project's config (a `reslayer` key in package.json, found from a subfolder too): srcDir '.' and no mocks.
    write(path.join(cwd, 'package.json'), JSON.stringify({ name: 'app', reslayer: { input: './new.yaml', output: { root: './src/api', srcDir: '.' }, plugins: ['@reslayer/plugin-client', '@reslayer/plugin-config-meta'] } }));
    const found = files(cwd);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((f) => f.startsWith('src/') || f.includes('/mocks/') || f.includes('/api/use'))).toEqual([]);
    expect(found).toContain('shared/api/generated/components.types.ts');
    const md = runCli(['diff', 'old.yaml', 'new.yaml', '--report', 'markdown', '--fail-on', 'never'], cwd).stdout;
    expect(md).toContain('src/api');
  });

  test('exit 2 for input and usage errors', () => {
    const cwd = tmpDir();
    expect(runCli(['diff', 'missing.yaml', DEMO_CONTRACT], cwd).status).toBe(2);
    expect(runCli(['diff', DEMO_CONTRACT], cwd).status).toBe(2);
    expect(runCli(['diff', '--base', 'no-such-ref', DEMO_CONTRACT], cwd).status).toBe(2);
  });

  test('--base reads every file of a multi-file contract from git', () => {
    const cwd = tmpDir();
    cpSync(path.join(REPO_ROOT, 'fixtures/openapi/multifile'), path.join(cwd, 'api'), { recursive: true });
    const git = (...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });
    git('init', '-q');
    git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'add', '.');
    expect(git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'commit', '-qm', 'base').status).toBe(0);
    const same = runCli(['diff', '--base', 'HEAD', 'api/openapi.yaml', '--json'], cwd);
    expect(same.status).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ level: 'none', before: { contract: 'HEAD:api/openapi.yaml' } });
    // Change a referenced file only: the diff must see it.
    const limit = path.join(cwd, 'api/parameters/Limit.yaml');
    writeFileSync(limit, readFileSync(limit, 'utf8').replace(/name: *limit/, 'name: max'));
    const changed = runCli(['diff', '--base', 'HEAD', 'api/openapi.yaml', '--json'], cwd);
    const doc = JSON.parse(changed.stdout) as { changes: Array<{ code: string }> };
    expect(doc.changes.map((c) => c.code)).toEqual(expect.arrayContaining(['RSL_DIFF_PARAMETER_REMOVED', 'RSL_DIFF_PARAMETER_ADDED']));
  });
});

describeInBrowser('diff --report html in headless Chromium', () => {
  test('the HTML report opens in headless Chromium (screenshot in .artifacts/diff/)', async () => {
    const { cwd } = renamedPair();
    const run = runCli(['diff', 'old.yaml', 'new.yaml', '--report', 'html', '--report-file', 'out/diff.html'], cwd);
    expect(run.status).toBe(1);
    const file = path.join(cwd, 'out/diff.html');
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script/i);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
      await page.goto(pathToFileURL(file).href);
      expect(await page.locator('h1').innerText()).toContain('Public CRM Demo API');
      const h2 = await page.locator('h2').allInnerTexts();
      expect(h2[0]).toBe('Breaking changes (2)');
      expect(h2).toContainEqual(expect.stringMatching(/^Generated symbols \(\d+\)$/));
      const out = path.join(REPO_ROOT, '.artifacts/diff');
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: path.join(out, 'renamed-property.png'), fullPage: false });
    } finally {
      await browser.close();
    }
  });
});

describe('reslayer explain knows every code diff prints', () => {
  test.each(Object.keys(DIFF_CODES) as DiffCode[])('%s: what it is, its level, why it matters, what to do', (code) => {
    const info: DiffCodeInfo = DIFF_CODES[code];
    const run = runCli(['explain', code]);
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith(`${code}: ${info.title}.`)).toBe(true);
    expect(run.stdout).toContain(info.level === 'depends' ? 'depends on the change' : `always ${info.level.replace('-', ' ')}`);
    for (const part of ['What happened', 'Why it matters', 'How to fix it']) expect(run.stdout).toContain(part);
  });

  test('in any case and without the prefix, in the list, and as JSON', () => {
    expect(runCli(['explain', 'diff-response-property-removed']).stdout).toMatch(/^RSL_DIFF_RESPONSE_PROPERTY_REMOVED: .*\n.*always breaking/);
    const list = runCli(['explain']).stdout;
    for (const code of Object.keys(DIFF_CODES)) expect(list).toContain(code);
    const json = JSON.parse(runCli(['explain', 'RSL_DIFF_SECURITY_ADDED', '--json']).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ code: 'RSL_DIFF_SECURITY_ADDED', section: 'Contract changes (reslayer diff)', severity: expect.stringContaining('at least possibly breaking') });
  });
});

describe('docs/ci.md', () => {
  test('the reslayer commands of the examples run against the demo (base: HEAD)', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/ci.md'), 'utf8');
    const commands = [...doc.matchAll(/npx reslayer ((?:check|diff) [^\n]+)/g)].map((m) => (m[1] as string).trim());
    expect(commands.length).toBe(4);
    const cwd = tmpDir();
    for (const command of commands) {
      const args = command
        .replace(/"origin\/\$[A-Z_]+"/g, 'HEAD')
        .split(/\s+/)
        .map((a) => (a.endsWith('.md') ? path.join(cwd, a) : a));
      const run = runCli(args, REPO_ROOT);
      expect({ command, status: run.status, stderr: run.stderr }).toEqual({ command, status: 0, stderr: '' });
      const report = args[args.indexOf('--report-file') + 1] as string;
      expect(readFileSync(report, 'utf8')).toMatch(/^## ✅ reslayer (check|diff)/);
    }
  });
});

// `reslayer diff` end to end (the BUILT CLI: `pnpm build` first): exit codes, JSON, markdown, --base with a
// multi-file contract in a git repository, the HTML report in headless Chromium (screenshot in
// `<repo>/.artifacts/diff/`), and the commands docs/ci.md uses, against the demo.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, describeInBrowser } from '../../../test/helpers/browser.js';
import { DEMO_CONTRACT, REPO_ROOT, cleanup, runCli, tmpDir } from './helpers.js';

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

// The HTML check report of the built CLI (run `pnpm build` first), opened in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core, as examples/public-crm-app/test/e2e.test.ts does; skipped without
// it, see test/helpers/browser.ts). The screenshot goes to `<repo>/.artifacts/check-report/drift.png`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, describeInBrowser } from '../../../test/helpers/browser.js';
import { DEMO_CONTRACT, MARKER, REPO_ROOT, cleanup, runCli, tmpDir, write, writeOwned } from './helpers.js';

const ARTIFACTS = path.join(REPO_ROOT, '.artifacts/check-report');

afterAll(cleanup);

/** Generates the demo into `<cwd>/api`, then makes every kind of drift: different, missing and stale. */
function driftedProject(): { cwd: string; edited: string; deleted: string } {
  const cwd = tmpDir();
  const gen = runCli(['generate', DEMO_CONTRACT, '--output', 'api', '--json'], cwd);
  expect(gen.status).toBe(0);
  const files = (JSON.parse(gen.stdout) as { files: string[] }).files;
  const edited = files.find((f) => f.endsWith('contacts/index.ts') && f.includes('/api/')) ?? (files[0] as string);
  const deleted = files.find((f) => f.includes('i18n')) ?? (files[files.length - 1] as string);
  const text = readFileSync(path.join(cwd, 'api', edited), 'utf8');
  write(path.join(cwd, 'api', edited), text.replace(/\n/, '\n// edited by hand\n') + 'export const handEdit = 1;\n');
  unlinkSync(path.join(cwd, 'api', deleted));
  writeOwned(path.join(cwd, 'api'), 'src/old/old.ts', `${MARKER} earlier\nexport {};\n`);
  return { cwd, edited, deleted };
}

describe('check --report html', () => {
  test('drift first, a unified diff per different file, diagnostics by severity, paths relative to the working directory', () => {
    const { cwd, edited, deleted } = driftedProject();
    const run = runCli(['check', DEMO_CONTRACT, '--output', 'api', '--report', 'html', '--report-file', 'reports/deep/check.html'], cwd);
    expect(run.status).toBe(1);
    const html = readFileSync(path.join(cwd, 'reports/deep/check.html'), 'utf8');
    const h2 = [...html.matchAll(/<h2>([^<]*)/g)].map((m) => m[1]);
    expect(h2.slice(0, 3)).toEqual(['Drift (3: 1 missing, 1 different, 1 stale)', 'Summary', 'Diagnostics (0 errors, 0 warnings, 0 info)']);
    expect(html).toContain(`<code>${edited}</code>`);
    expect(html).toContain(`<code>${deleted}</code>`);
    expect(html).toContain('<code>src/old/old.ts</code>');
    // The diff: disk → generated, with headers, a hunk, and the hand edits as removed lines.
    expect(html).toContain(`<span class="head">--- a/${edited}\ton disk</span>`);
    expect(html).toContain(`<span class="head">+++ b/${edited}\tgenerated</span>`);
    expect(html).toMatch(/<span class="hunk">@@ -\d+,\d+ \+\d+,\d+ @@<\/span>/);
    expect(html).toContain('<span class="del">-// edited by hand</span>');
    expect(html).toContain('<span class="del">-export const handEdit = 1;</span>');
    // Paths relative to the working directory (the project root), not to reports/deep/.
    expect(html).toContain('output <code>api</code>');
    expect(html).not.toContain('../../api');
    expect(html).toContain(`contract <code>${path.relative(cwd, DEMO_CONTRACT).split(path.sep).join('/')}</code>`);
    expect(html).toContain('<td class="num">0 (0 errors, 0 warnings, 0 info)</td>');
  });

  test('diagnostics are counted by severity', () => {
    const contract = write(
      path.join(tmpDir(), 'warn.yaml'),
      `openapi: 3.0.3\ninfo: { title: Warn, version: '1' }\npaths:\n  /a/{x}: { get: { responses: { '200': { description: ok } } } }\n  /b/{y}: { get: { operationId: getB, responses: { '200': { description: ok } } } }\n`,
    );
    const cwd = path.dirname(contract);
    expect(runCli(['generate', contract, '--output', 'out'], cwd).status).toBe(0);
    expect(runCli(['check', contract, '--output', 'out', '--report', 'html', '--report-file', 'r.html'], cwd).status).toBe(0);
    const html = readFileSync(path.join(cwd, 'r.html'), 'utf8');
    expect(html).toMatch(/<h2>Diagnostics \(0 errors, 2 warnings, 3 info\)<\/h2>/);
    expect(html).toContain('<h2>Drift</h2>\n<p>No drift');
    expect(html.indexOf('<h2>Summary</h2>')).toBeLessThan(html.indexOf('<h2>Drift</h2>'));
  });

  describeInBrowser('in headless Chromium', () => {
    let context: BrowserContext | undefined;
    let userDataDir: string | undefined;
    afterAll(async () => {
      await context?.close();
      if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    });

    test('renders: drift heading first, colored diff lines; screenshot in .artifacts/check-report/', async () => {
      const { cwd } = driftedProject();
      const report = path.join(cwd, 'check.html');
      expect(runCli(['check', DEMO_CONTRACT, '--output', 'api', '--report', 'html', '--report-file', 'check.html'], cwd).status).toBe(1);
      userDataDir = mkdtempSync(path.join(tmpdir(), 'reslayer-report-chromium-'));
      context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1100, height: 900 } });
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(pathToFileURL(report).href);
      expect(await page.locator('h2').first().textContent()).toBe('Drift (3: 1 missing, 1 different, 1 stale)');
      expect(await page.locator('h1 .badge').textContent()).toBe('FAILED');
      const del = page.locator('pre.diff .del').first();
      await del.waitFor();
      expect(await del.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 235, 233)');
      expect(await page.locator('pre.diff .hunk').count()).toBeGreaterThan(0);
      // The diff sits above the summary: it is what the reader came for.
      const diffTop = await page.locator('pre.diff').first().evaluate((el) => el.getBoundingClientRect().top);
      const summaryTop = await page.locator('h2', { hasText: 'Summary' }).evaluate((el) => el.getBoundingClientRect().top);
      expect(diffTop).toBeLessThan(summaryTop);
      mkdirSync(ARTIFACTS, { recursive: true });
      const png = path.join(ARTIFACTS, 'drift.png');
      await page.screenshot({ path: png, fullPage: false });
      expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
      expect(errors).toEqual([]);
    }, 120_000);
  });
});

// End-to-end test of the Public CRM app in headless Chromium (Debian's `chromium` package, driven
// by playwright-core): builds the app with Vite, serves `dist/` on 127.0.0.1, and goes list → create
// → edit → delete → archive → download → viewer role against the MSW browser worker running the
// generated handlers. Screenshots of every step go to `<repo>/.artifacts/e2e/<step>.png`.
// Needs the built workspace packages (`pnpm build`; `pnpm test` builds first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(APP, '../..');
const DIST = path.join(APP, 'dist');
const ARTIFACTS = path.join(ROOT, '.artifacts/e2e');
/** Debian's chromium; `CHROMIUM_PATH` points the test at another Chromium build. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Ids of the generated contact fixtures (the store's seed) and of the first created contact. */
const ADA_1 = '00000000-0000-4000-8000-000000000001';
const ADA_2 = '00000000-0000-4000-8000-000000000002'; // Ben Rivera
const CREATED = '00000000-0000-4000-8000-000000000004';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** Serves `dist/` (unknown paths without an extension get index.html). */
function serveDist(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      let file = path.join(DIST, path.normalize(pathname === '/' ? '/index.html' : pathname));
      if (!file.startsWith(DIST + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      if (!existsSync(file) && path.extname(file) === '') file = path.join(DIST, 'index.html');
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      }
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Polls `read` until its value equals `expected` (or matches it, for a RegExp); the DOM updates
 * asynchronously after clicks, refetches and re-renders.
 */
async function until<T>(what: string, read: () => Promise<T> | T, expected: T | RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (expected instanceof RegExp ? expected.test(String(value)) : isDeepStrictEqual(value, expected)) return;
    if (Date.now() > deadline) throw new Error(`${what}: expected ${String(expected instanceof RegExp ? expected : JSON.stringify(expected))}, got ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs a node script of the app, failing with its output. */
function node(args: string[]): void {
  try {
    execFileSync(process.execPath, args, { cwd: APP, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`node ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

describe('public CRM app in a real browser', () => {
  let server: Server | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let userDataDir: string | undefined;
  const pageErrors: string[] = [];
  /** `METHOD path?query -> status` of every API call the page made, in order. */
  const apiCalls: string[] = [];

  const rows = (): Locator => page.getByTestId('contact-row');
  const row = (id: string): Locator => page.locator(`[data-testid="contact-row"][data-id="${id}"]`);
  const cell = (id: string, column: string): Locator => row(id).locator(`td[data-column="${column}"]`);
  const text = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').trim();
  const field = (name: string): Locator => page.locator(`[data-testid="contact-form"] [name="${name}"]`);
  const shot = (step: string) => page.screenshot({ path: path.join(ARTIFACTS, `${step}.png`), fullPage: true });
  const callsSince = (start: number) => apiCalls.slice(start);

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} not found: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH to run the browser end-to-end test`);
    }
    if (!existsSync(path.join(ROOT, 'packages/runtime/dist/index.js'))) {
      throw new Error('packages/runtime/dist is missing: run `pnpm build` first (the app bundles the built @reslayer/runtime)');
    }
    node(['scripts/copy-msw-worker.mjs']);
    node([path.join(APP, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
    expect(existsSync(path.join(DIST, 'mockServiceWorker.js'))).toBe(true);

    mkdirSync(ARTIFACTS, { recursive: true });
    server = await serveDist();
    const { port } = server.address() as AddressInfo;
    userDataDir = mkdtempSync(path.join(tmpdir(), 'reslayer-e2e-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      acceptDownloads: true,
      viewport: { width: 1440, height: 900 },
      baseURL: `http://127.0.0.1:${port}`,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${response.request().method()} ${url.pathname}${url.search} -> ${response.status()}`);
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('lists the contacts in columns from contactsConfig, paginated by page and page size', async () => {
    await page.goto('/');
    await until('contact rows', () => rows().count(), 3);
    // A marker that only survives when the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same-document';
    });

    expect(await page.getByTestId('title').textContent()).toBe('Contacts');
    const headers = await page.locator('[data-testid="contacts-table"] thead th[data-column]').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Company', 'Created at', 'Email', 'First name', 'ID', 'Last name', 'Phone', 'Status', 'Tags']);
    expect(await page.getByTestId('total').textContent()).toBe('3 total');
    expect(await page.getByTestId('page-info').textContent()).toBe('Page 1 of 1');
    expect(await cell(ADA_1, 'email').textContent()).toContain('ada@example.test');
    expect(await cell(ADA_1, 'tags').textContent()).toContain('tags-1');
    // The editor role sees the write buttons on every row.
    expect(await page.getByTestId('edit').count()).toBe(3);
    expect(await page.getByTestId('delete').count()).toBe(3);
    expect(await page.getByTestId('archive').count()).toBe(3);

    // Changing the page size (a ref of the query params) refetches with ?page=1&pageSize=2.
    await page.getByTestId('page-size').selectOption('2');
    await until('contact rows', () => rows().count(), 2);
    expect(await page.getByTestId('page-info').textContent()).toBe('Page 1 of 2');
    await page.getByTestId('next-page').click();
    await until('contact rows', () => rows().count(), 1);
    expect(await page.getByTestId('page-info').textContent()).toBe('Page 2 of 2');
    expect(apiCalls).toContain('GET /api/v1/contacts?page=2&pageSize=2 -> 200');
    await shot('list');

    await page.getByTestId('page-size').selectOption('20');
    await until('contact rows', () => rows().count(), 3);
  });

  it('creates a contact with the form built from contactsConfig.fields', async () => {
    const form = page.getByTestId('contact-form');
    expect(await form.getAttribute('data-mode')).toBe('create');
    expect(await form.locator('h2').textContent()).toBe('Create a contact');
    // One control per field, of the field's input kind.
    expect(await form.locator('[data-field]').evaluateAll((labels) => labels.map((l) => l.getAttribute('data-field')))).toEqual([
      'companyId', 'email', 'firstName', 'lastName', 'phone', 'status', 'tags',
    ]);
    expect(await field('email').getAttribute('type')).toBe('email');
    expect(await field('status').evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await field('status').locator('option:not([value=""])').allTextContents()).toEqual(['lead', 'active', 'inactive', 'archived']);
    expect(await form.locator('[data-field="firstName"] span').textContent()).toContain('First name');

    await field('firstName').fill('Grace');
    await field('lastName').fill('Hopper');
    await field('email').fill('grace@example.test');
    await field('phone').fill('+1 555 0199');
    await field('status').selectOption('active');
    await field('tags').fill('navy, cobol');
    const start = apiCalls.length;
    await page.getByTestId('submit').click();

    await until('contact rows', () => rows().count(), 4);
    expect(await page.getByTestId('flash').textContent()).toContain('Create a contact: Grace Hopper');
    expect(await cell(CREATED, 'email').textContent()).toContain('grace@example.test');
    expect(await cell(CREATED, 'status').textContent()).toContain('active');
    expect(await cell(CREATED, 'tags').textContent()).toContain('navy, cobol');
    expect(await cell(CREATED, 'companyId').textContent()).toContain('—');
    expect(await page.getByTestId('total').textContent()).toBe('4 total');
    // The created contact came back from the list refetch that onSuccess's invalidation triggered.
    await until('API calls', () => callsSince(start), ['POST /api/v1/contacts -> 201', 'GET /api/v1/contacts?page=1&pageSize=20 -> 200']);
    expect(await field('firstName').inputValue()).toBe('');
    await shot('create');
  });

  it('edits a contact and the list shows the change without a reload', async () => {
    await row(ADA_1).getByTestId('edit').click();
    const form = page.getByTestId('contact-form');
    await until('form mode', () => form.getAttribute('data-mode'), 'edit');
    expect(await form.locator('h2').textContent()).toBe('Update a contact');
    expect(await field('firstName').inputValue()).toBe('Ada');
    expect(await field('lastName').inputValue()).toBe('Example');
    expect(await field('status').inputValue()).toBe('lead');
    expect(await field('tags').inputValue()).toBe('tags-1');

    await field('lastName').fill('Lovelace');
    await field('status').selectOption('inactive');
    const start = apiCalls.length;
    await page.getByTestId('submit').click();

    await until('edited last name', () => text(cell(ADA_1, 'lastName')), 'Lovelace');
    expect(await cell(ADA_1, 'status').textContent()).toContain('inactive');
    expect(await page.getByTestId('flash').textContent()).toContain('Update a contact: Ada Lovelace');
    await until('API calls', () => callsSince(start), [`PATCH /api/v1/contacts/${ADA_1} -> 200`, 'GET /api/v1/contacts?page=1&pageSize=20 -> 200']);
    // Same document: no navigation, no reload.
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('same-document');
    expect(await form.getAttribute('data-mode')).toBe('create');
    await shot('edit');
  });

  it('deletes a contact', async () => {
    const start = apiCalls.length;
    await row(CREATED).getByTestId('delete').click();
    await until('contact rows', () => rows().count(), 3);
    expect(await row(CREATED).count()).toBe(0);
    expect(await page.getByTestId('total').textContent()).toBe('3 total');
    expect(await page.getByTestId('flash').textContent()).toContain('Delete a contact: Grace Hopper');
    await until('API calls', () => callsSince(start), [`DELETE /api/v1/contacts/${CREATED} -> 204`, 'GET /api/v1/contacts?page=1&pageSize=20 -> 200']);
    await shot('delete');
  });

  it('archives a contact', async () => {
    const start = apiCalls.length;
    await row(ADA_2).getByTestId('archive').click();
    // The second fixture varies the first's example (Ben Rivera); the mock stores it archived.
    await until('flash', () => text(page.getByTestId('flash')), /Archive a contact: Ben Rivera/);
    // The archive mutation invalidates the contacts list as well (an action on an item of `contacts`).
    await until('API calls', () => callsSince(start), [`POST /api/v1/contacts/${ADA_2}/archive -> 200`, 'GET /api/v1/contacts?page=1&pageSize=20 -> 200']);
    await shot('archive');
  });

  it('downloads a file as a Blob through an object URL', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
    expect(download.suggestedFilename()).toBe(`file-${ADA_1}.bin`);
    expect(download.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    const file = await download.path();
    expect(readFileSync(file, 'utf8')).toBe('Mock content of downloadFile.');
    await until('flash', () => text(page.getByTestId('flash')), /Download a file: 29 bytes/);
    expect(apiCalls.at(-1)).toBe(`GET /api/v1/files/${ADA_1}/download -> 200`);
    await shot('download');
  });

  it('hides the write buttons for the viewer role (scopes crm:read only)', async () => {
    await page.getByTestId('role-viewer').check();
    await until('contact forms', () => page.getByTestId('contact-form').count(), 0);
    expect(await rows().count()).toBe(3);
    expect(await page.getByTestId('edit').count()).toBe(0);
    expect(await page.getByTestId('delete').count()).toBe(0);
    expect(await page.getByTestId('archive').count()).toBe(0);
    // Reading and downloading need crm:read only.
    expect(await page.getByTestId('download').isVisible()).toBe(true);
    await shot('viewer');

    await page.getByTestId('role-editor').check();
    await until('edit buttons', () => page.getByTestId('edit').count(), 3);
    expect(await page.getByTestId('contact-form').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('same-document');
  });

  it('ran without page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

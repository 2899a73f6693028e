// End-to-end test of the Public CRM app in headless Chromium (Debian's `chromium` package, driven
// by playwright-core): builds the app with Vite, serves `dist/` on 127.0.0.1, and goes list (load
// more) → create → optimistic edit → optimistic edit rolled back on an error → delete under a shown
// detail → archive → download → viewer role against the MSW browser worker running the generated
// handlers. Failures are injected per operation through the generated `contactsOperationHandlers`,
// which the app exposes on `window.__mocks`. Screenshots of every step go to
// `<repo>/.artifacts/e2e/<step>.png`.
// Needs the built workspace packages (`pnpm build`; `pnpm test` builds first). Without Chromium it is skipped under
// a name that says so (test/helpers/browser.ts; CI requires it).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, describeInBrowser } from '../../../test/helpers/browser.js';
import { APP, ARTIFACTS, DIST, ROOT, node, serveDist, until } from './harness.js';
import { heldUpdates, holdUpdates, releaseUpdates, resetHandlers, type TestWindow } from './mockControls.js';

/** Ids of the generated contact fixtures (the store's seed) and of the first created contact. */
const ADA = '00000000-0000-4000-8000-000000000001'; // Ada Example
const BEN = '00000000-0000-4000-8000-000000000002'; // Ben Rivera
const CHLOE = '00000000-0000-4000-8000-000000000003'; // Chloe Okafor
const CREATED = '00000000-0000-4000-8000-000000000004';
/** The sample file of the app's download button. */
const SAMPLE_FILE = '00000000-0000-4000-8000-000000000001';
/** The refetch of the loaded list page after an invalidation of `contactsQueryKeys.lists()`. */
const LIST = 'GET /api/v1/contacts?page=1&pageSize=20 -> 200';

describeInBrowser('public CRM app in a real browser', () => {
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
  const sorted = (calls: string[]) => [...calls].sort();

  beforeAll(async () => {
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

  it('lists the contacts in columns from contactsConfig and loads more pages on demand (infinite query)', async () => {
    await page.goto('/');
    await until('contact rows', () => rows().count(), 3);
    // A marker that only survives when the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as TestWindow).__marker = 'same-document';
    });

    expect(await page.getByTestId('title').textContent()).toBe('Contacts');
    // The columns in the contract's property order.
    const headers = await page.locator('[data-testid="contacts-table"] thead th[data-column]').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['ID', 'First name', 'Last name', 'Email', 'Phone', 'Status', 'Company', 'Tags', 'Created at']);
    expect(await page.getByTestId('total').textContent()).toBe('3 total');
    expect(await page.getByTestId('page-info').textContent()).toBe('3 of 3 shown (1 page)');
    // All of the total is loaded: no next page.
    expect(await page.getByTestId('load-more').count()).toBe(0);
    // The varied fixtures: three different contacts.
    expect(await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')))).toEqual([ADA, BEN, CHLOE]);
    expect(await text(cell(ADA, 'email'))).toBe('ada@example.test');
    expect(await text(cell(BEN, 'firstName'))).toBe('Ben');
    expect(await text(cell(BEN, 'lastName'))).toBe('Rivera');
    expect(await text(cell(CHLOE, 'status'))).toBe('inactive');
    expect(await text(cell(ADA, 'tags'))).toBe('negotiation');
    expect(await text(cell(ADA, 'createdAt'))).toBe('2024-01-01 00:00');
    // The editor role sees the write buttons on every row.
    expect(await page.getByTestId('edit').count()).toBe(3);
    expect(await page.getByTestId('delete').count()).toBe(3);
    expect(await page.getByTestId('archive').count()).toBe(3);

    // A page size of 2 (a ref in the infinite query's params) starts over with the first page only.
    let start = apiCalls.length;
    await page.getByTestId('page-size').selectOption('2');
    await until('contact rows', () => rows().count(), 2);
    expect(await page.getByTestId('page-info').textContent()).toBe('2 of 3 shown (1 page)');
    await until('API calls', () => callsSince(start), ['GET /api/v1/contacts?page=1&pageSize=2 -> 200']);

    // "Load more" fetches page 2 (fetchNextPage) and appends it; page 1 is not fetched again.
    start = apiCalls.length;
    await page.getByTestId('load-more').click();
    await until('contact rows', () => rows().count(), 3);
    expect(await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')))).toEqual([ADA, BEN, CHLOE]);
    expect(await page.getByTestId('page-info').textContent()).toBe('3 of 3 shown (2 pages)');
    await until('API calls', () => callsSince(start), ['GET /api/v1/contacts?page=2&pageSize=2 -> 200']);
    // The pages hold the total: the generated getNextPageParam says there is no page 3.
    await until('load more buttons', () => page.getByTestId('load-more').count(), 0);
    await shot('list');

    await page.getByTestId('page-size').selectOption('20');
    await until('page info', () => text(page.getByTestId('page-info')), '3 of 3 shown (1 page)');
  });

  it('creates a contact with the form built from contactsConfig.fields', async () => {
    const form = page.getByTestId('contact-form');
    expect(await form.getAttribute('data-mode')).toBe('create');
    expect(await form.locator('h2').textContent()).toBe('Create a contact');
    // One control per field, of the field's input kind.
    expect(await form.locator('[data-field]').evaluateAll((labels) => labels.map((l) => l.getAttribute('data-field')))).toEqual([
      'firstName', 'lastName', 'email', 'phone', 'status', 'companyId', 'tags',
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
    await until('API calls', () => callsSince(start), ['POST /api/v1/contacts -> 201', LIST]);
    expect(await field('firstName').inputValue()).toBe('');
    await shot('create');
  });

  it('edits a contact optimistically: the list shows the change before the server answers', async () => {
    await row(ADA).getByTestId('edit').click();
    const form = page.getByTestId('contact-form');
    await until('form mode', () => form.getAttribute('data-mode'), 'edit');
    expect(await form.locator('h2').textContent()).toBe('Update a contact');
    expect(await field('firstName').inputValue()).toBe('Ada');
    expect(await field('lastName').inputValue()).toBe('Example');
    expect(await field('status').inputValue()).toBe('lead');
    expect(await field('tags').inputValue()).toBe('negotiation');

    await field('lastName').fill('Lovelace');
    await field('status').selectOption('inactive');
    await holdUpdates(page, false);
    const start = apiCalls.length;
    await page.getByTestId('submit').click();

    // The PATCH is held in the worker, unanswered, while the table already shows the new values.
    await until('held updateContact requests', () => heldUpdates(page), 1);
    await until('optimistic last name', () => text(cell(ADA, 'lastName')), 'Lovelace');
    expect(await text(cell(ADA, 'status'))).toBe('inactive');
    expect(await page.getByTestId('saving').count()).toBe(1);
    expect(callsSince(start)).toEqual([]);
    await shot('edit-pending');

    await releaseUpdates(page);
    await until('API calls', () => callsSince(start), [`PATCH /api/v1/contacts/${ADA} -> 200`, LIST]);
    await until('flash', () => text(page.getByTestId('flash')), /Update a contact: Ada Lovelace/);
    expect(await text(cell(ADA, 'lastName'))).toBe('Lovelace');
    expect(await text(cell(ADA, 'status'))).toBe('inactive');
    await resetHandlers(page);
    // Same document: no navigation, no reload.
    expect(await page.evaluate(() => (window as unknown as TestWindow).__marker)).toBe('same-document');
    expect(await form.getAttribute('data-mode')).toBe('create');
    await shot('edit');
  });

  it('rolls an optimistic edit back when updateContact alone fails (per-operation error override)', async () => {
    // The detail card of Ben, a cached detail that the optimistic edit changes as well.
    let start = apiCalls.length;
    await row(BEN).getByTestId('view').click();
    await until('detail name', () => text(page.getByTestId('detail-name')), 'Ben Rivera');
    await until('API calls', () => callsSince(start), [`GET /api/v1/contacts/${BEN} -> 200`]);

    await row(BEN).getByTestId('edit').click();
    const form = page.getByTestId('contact-form');
    await until('form mode', () => form.getAttribute('data-mode'), 'edit');
    await field('lastName').fill('Smith');
    await field('phone').fill('+1 555 0777');
    // Only updateContact fails: the generated error override answers the held request.
    await holdUpdates(page, true);
    start = apiCalls.length;
    await page.getByTestId('submit').click();

    await until('held updateContact requests', () => heldUpdates(page), 1);
    await until('optimistic last name', () => text(cell(BEN, 'lastName')), 'Smith');
    expect(await text(cell(BEN, 'phone'))).toBe('+1 555 0777');
    expect(await text(page.getByTestId('detail-name'))).toBe('Ben Smith');
    expect(callsSince(start)).toEqual([]);
    await shot('rollback-pending');

    await releaseUpdates(page);
    // Rolled back: the list and the detail show the values from before the edit again.
    await until('rolled-back last name', () => text(cell(BEN, 'lastName')), 'Rivera');
    expect(await text(cell(BEN, 'phone'))).toBe('+1 555 0101');
    await until('detail name', () => text(page.getByTestId('detail-name')), 'Ben Rivera');
    await until('form error', () => text(page.getByTestId('form-error')), /400.*rolled back/);
    // The error is the contract's (status 400 of updateContact); the list and the shown detail are
    // refetched to be sure they hold the server's state; no other operation failed.
    await until('API calls', () => sorted(callsSince(start)), sorted([`PATCH /api/v1/contacts/${BEN} -> 400`, LIST, `GET /api/v1/contacts/${BEN} -> 200`]));
    expect(await text(cell(BEN, 'lastName'))).toBe('Rivera');
    expect(await page.getByTestId('list-error').count()).toBe(0);
    expect(await form.getAttribute('data-mode')).toBe('edit');
    await shot('rollback');

    await resetHandlers(page);
    await page.getByTestId('cancel').click();
    await page.getByTestId('detail-close').click();
    await until('detail cards', () => page.getByTestId('contact-detail').count(), 0);
  });

  it('deletes a shown contact: the detail is neither refetched nor in an error state', async () => {
    let start = apiCalls.length;
    await row(CREATED).getByTestId('view').click();
    await until('detail name', () => text(page.getByTestId('detail-name')), 'Grace Hopper');
    await until('API calls', () => callsSince(start), [`GET /api/v1/contacts/${CREATED} -> 200`]);

    start = apiCalls.length;
    await row(CREATED).getByTestId('delete').click();
    await until('contact rows', () => rows().count(), 3);
    expect(await row(CREATED).count()).toBe(0);
    expect(await page.getByTestId('total').textContent()).toBe('3 total');
    expect(await page.getByTestId('flash').textContent()).toContain('Delete a contact: Grace Hopper');
    await until('API calls', () => callsSince(start), [`DELETE /api/v1/contacts/${CREATED} -> 204`, LIST]);
    // The mounted detail keeps its last data: no GET of the deleted contact (which would answer 404).
    await until('detail deleted marker', () => page.getByTestId('detail-deleted').count(), 1);
    await new Promise((resolve) => setTimeout(resolve, 750));
    expect(callsSince(start)).toEqual([`DELETE /api/v1/contacts/${CREATED} -> 204`, LIST]);
    expect(await text(page.getByTestId('detail-name'))).toBe('Grace Hopper');
    expect(await page.getByTestId('detail-error').count()).toBe(0);
    expect(await page.getByTestId('detail-fetching').count()).toBe(0);
    await shot('delete');

    await page.getByTestId('detail-close').click();
    await until('detail cards', () => page.getByTestId('contact-detail').count(), 0);
    expect(callsSince(start)).toEqual([`DELETE /api/v1/contacts/${CREATED} -> 204`, LIST]);
  });

  it('archives a contact', async () => {
    const start = apiCalls.length;
    await row(BEN).getByTestId('archive').click();
    // The second fixture varies the first's example (Ben Rivera); the mock stores it archived.
    await until('flash', () => text(page.getByTestId('flash')), /Archive a contact: Ben Rivera/);
    // The archive mutation invalidates the contacts list as well (an action on an item of `contacts`).
    await until('API calls', () => callsSince(start), [`POST /api/v1/contacts/${BEN}/archive -> 200`, LIST]);
    await shot('archive');
  });

  it('downloads a file as a Blob through an object URL', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
    expect(download.suggestedFilename()).toBe(`file-${SAMPLE_FILE}.bin`);
    expect(download.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    const file = await download.path();
    expect(readFileSync(file, 'utf8')).toBe('Mock content of downloadFile.');
    await until('flash', () => text(page.getByTestId('flash')), /Download a file: 29 bytes/);
    expect(apiCalls.at(-1)).toBe(`GET /api/v1/files/${SAMPLE_FILE}/download -> 200`);
    await shot('download');
  });

  it('hides the write buttons for the viewer role (scopes crm:read only)', async () => {
    await page.getByTestId('role-viewer').check();
    await until('contact forms', () => page.getByTestId('contact-form').count(), 0);
    expect(await rows().count()).toBe(3);
    expect(await page.getByTestId('edit').count()).toBe(0);
    expect(await page.getByTestId('delete').count()).toBe(0);
    expect(await page.getByTestId('archive').count()).toBe(0);
    // Reading (the detail card) and downloading need crm:read only.
    expect(await page.getByTestId('view').count()).toBe(3);
    expect(await page.getByTestId('download').isVisible()).toBe(true);
    await shot('viewer');

    await page.getByTestId('role-editor').check();
    await until('edit buttons', () => page.getByTestId('edit').count(), 3);
    expect(await page.getByTestId('contact-form').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as TestWindow).__marker)).toBe('same-document');
  });

  it('ran without page errors besides the logged 400 of the injected updateContact failure', () => {
    expect(pageErrors).toHaveLength(1);
    expect(pageErrors[0]).toMatch(new RegExp(`status of 400 .*/api/v1/contacts/${BEN}\\)$`));
  });
});

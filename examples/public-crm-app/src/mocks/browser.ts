import { setupWorker } from 'msw/browser';
import { companiesHandlers } from '../generated/src/shared/mocks/companies/index.js';
import { contactsHandlers } from '../generated/src/shared/mocks/contacts/index.js';
import { contactsArchiveHandlers } from '../generated/src/shared/mocks/contactsArchive/index.js';
import { dashboardSummaryHandlers } from '../generated/src/shared/mocks/dashboardSummary/index.js';
import { filesDownloadHandlers } from '../generated/src/shared/mocks/filesDownload/index.js';
import { searchHandlers } from '../generated/src/shared/mocks/search/index.js';

/**
 * The MSW service worker answering every operation of the contract with the generated handlers
 * (`success` scenario, in-memory store seeded from the fixtures: a reload restores them).
 */
export const worker = setupWorker(
  ...contactsArchiveHandlers,
  ...contactsHandlers,
  ...companiesHandlers,
  ...dashboardSummaryHandlers,
  ...filesDownloadHandlers,
  ...searchHandlers,
);

/**
 * Registers `/mockServiceWorker.js` (copied from the msw package by `scripts/copy-msw-worker.mjs`)
 * and resolves once requests are intercepted. A request under `/api/` that no handler answers is
 * logged as an error (the contract changed and the mocks did not); other unhandled requests (the
 * app's own files) go to the network silently.
 */
export async function startMocking(): Promise<void> {
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      if (request && new URL(request.url).pathname.startsWith('/api/')) defaults.error();
    },
  });
}

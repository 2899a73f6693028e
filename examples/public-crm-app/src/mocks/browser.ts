import { setupWorker } from 'msw/browser';
import { companiesHandlers, companiesOperationHandlers } from '../generated/src/shared/mocks/companies/index.js';
import { contactsHandlers, contactsOperationHandlers } from '../generated/src/shared/mocks/contacts/index.js';
import { contactsArchiveHandlers, contactsArchiveOperationHandlers } from '../generated/src/shared/mocks/contactsArchive/index.js';
import { dashboardSummaryHandlers, dashboardSummaryOperationHandlers } from '../generated/src/shared/mocks/dashboardSummary/index.js';
import { filesDownloadHandlers, filesDownloadOperationHandlers } from '../generated/src/shared/mocks/filesDownload/index.js';
import { searchHandlers, searchOperationHandlers } from '../generated/src/shared/mocks/search/index.js';

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
 * What the app puts on `window.__mocks` for tests and for trying failures by hand in the browser
 * console: the worker, and the generated per-operation handler factories of every resource. One
 * operation answers differently until `worker.resetHandlers()`, e.g.
 * `__mocks.worker.use(__mocks.operations.contacts.updateContact({ scenario: 'error' }))` makes only
 * `updateContact` fail with the contract's error status and body.
 */
export interface MockControls {
  worker: typeof worker;
  operations: {
    companies: typeof companiesOperationHandlers;
    contacts: typeof contactsOperationHandlers;
    contactsArchive: typeof contactsArchiveOperationHandlers;
    dashboardSummary: typeof dashboardSummaryOperationHandlers;
    filesDownload: typeof filesDownloadOperationHandlers;
    search: typeof searchOperationHandlers;
  };
}

declare global {
  interface Window {
    /** The mock worker and the per-operation handler factories (see {@link MockControls}). */
    __mocks?: MockControls;
  }
}

/**
 * Registers `/mockServiceWorker.js` (copied from the msw package by `scripts/copy-msw-worker.mjs`)
 * and resolves once requests are intercepted; then exposes {@link MockControls} on `window.__mocks`.
 * A request under `/api/` that no handler answers is logged as an error (the contract changed and
 * the mocks did not); other unhandled requests (the app's own files) go to the network silently.
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
  window.__mocks = {
    worker,
    operations: {
      companies: companiesOperationHandlers,
      contacts: contactsOperationHandlers,
      contactsArchive: contactsArchiveOperationHandlers,
      dashboardSummary: dashboardSummaryOperationHandlers,
      filesDownload: filesDownloadOperationHandlers,
      search: searchOperationHandlers,
    },
  };
}

// What the app's end-to-end test does with the app's `window.__mocks` (src/mocks/browser.ts): holding
// and failing one operation through the generated per-operation MSW handler factories.
import type { Page } from 'playwright-core';

/**
 * The part of the app's `window.__mocks` the test uses: the MSW worker and the generated
 * per-operation handler factories. Code run through `page.evaluate` reaches it.
 */
interface MockControls {
  worker: { use(...handlers: unknown[]): void; resetHandlers(): void };
  operations: {
    contacts: {
      /** A resolver, or options such as `{ scenario: 'error' }`. */
      updateContact(answer?: ((info: unknown) => Promise<undefined>) | { scenario: string }): unknown;
    };
  };
}

/** The page's globals the test reads and sets. */
export type TestWindow = { __mocks?: MockControls; __marker?: string; __release?: () => void; __held?: number };

/**
 * Holds every `updateContact` request in the browser until {@link releaseUpdates}: a generated
 * per-operation handler with an own resolver that waits and then answers nothing, so the request
 * goes on to the next handler. With `fail`, that next handler is the generated error override
 * (`updateContact({ scenario: 'error' })`: the contract's error status and body); else the regular
 * success handler. `window.__held` counts the held requests.
 * @param page the app's page
 * @param fail whether the held requests then fail
 * @throws when the app has not put `window.__mocks` in place
 */
export function holdUpdates(page: Page, fail: boolean): Promise<void> {
  return page.evaluate((withError) => {
    const w = window as unknown as TestWindow;
    const mocks = w.__mocks;
    if (!mocks) throw new Error('window.__mocks is not set: the app did not start its mock worker');
    const gate = new Promise<void>((resolve) => {
      w.__release = resolve;
    });
    w.__held = 0;
    const held = mocks.operations.contacts.updateContact(async () => {
      w.__held = (w.__held ?? 0) + 1;
      await gate;
      return undefined;
    });
    mocks.worker.use(held, ...(withError ? [mocks.operations.contacts.updateContact({ scenario: 'error' })] : []));
  }, fail);
}

/**
 * How many `updateContact` requests {@link holdUpdates} holds.
 * @param page the app's page
 */
export function heldUpdates(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as TestWindow).__held ?? 0);
}

/**
 * Lets the requests that {@link holdUpdates} holds go on.
 * @param page the app's page
 */
export function releaseUpdates(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as TestWindow).__release?.());
}

/**
 * Back to the worker's initial handlers (`worker.resetHandlers()`); the mock store keeps its data.
 * @param page the app's page
 */
export function resetHandlers(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as TestWindow).__mocks?.worker.resetHandlers());
}

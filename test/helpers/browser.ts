// The Chromium the browser tests drive (through playwright-core), and what they do when there is none: they are
// skipped under a name that says why and how to get it, unless RESLAYER_REQUIRE_BROWSER=1 (CI sets it after
// `scripts/install-chromium`), where a missing browser fails instead. Nothing here installs anything.
import { existsSync } from 'node:fs';

/** Debian's chromium, or the build `CHROMIUM_PATH` names. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Headless Chromium without sandbox, GPU, QUIC or background traffic. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Environment variable that makes a missing browser a failure rather than a skip. */
export const REQUIRE_BROWSER_ENV = 'RESLAYER_REQUIRE_BROWSER';

/**
 * Why the browser tests cannot run here, or undefined when {@link CHROMIUM} exists.
 * @returns e.g. `/usr/bin/chromium not found: run scripts/install-chromium (…) or set CHROMIUM_PATH`
 */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  return `${CHROMIUM} not found: run scripts/install-chromium (Debian's chromium package, as root) or set CHROMIUM_PATH to a Chromium build`;
}

/**
 * `describe` for tests that need {@link CHROMIUM}. Without it, the block is replaced by one skipped test named
 * with the reason (printed too), or, with `RESLAYER_REQUIRE_BROWSER=1`, by one test that fails with it.
 * @param name the block's name
 * @param body the tests
 */
export function describeInBrowser(name: string, body: () => void): void {
  const missing = browserMissing();
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  if (process.env[REQUIRE_BROWSER_ENV] === '1') {
    describe(name, () => {
      it(`needs a browser (${REQUIRE_BROWSER_ENV}=1)`, () => {
        throw new Error(missing);
      });
    });
    return;
  }
  console.warn(`${name}: skipped: ${missing}`);
  describe(name, () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
}

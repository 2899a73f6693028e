// string-width for yargs and its layout libraries (cliui, wrap-ansi), without string-width's start-up. Loading
// string-width builds an `Intl.Segmenter` and compiles Unicode property patterns (`/\p{RGI_Emoji}/v`): 30–40 ms of
// CPU for its two versions, paid by every command, as yargs renders its help text after each command's handler
// starts. A printable ASCII string is as wide as it is long in string-width too, so only other text loads it.
// index.ts points those packages' `string-width` imports here (`module.registerHooks`), tagging each with the
// importer (`?from=<url>`), so each package still gets the version it depends on.
import { createRequire } from 'node:module';

/** string-width's signature. */
export type StringWidth = (text: string, options?: object) => number;

/** Printable ASCII (U+0020–U+007E): string-width counts each such character 1 column wide. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A string-width that answers printable ASCII itself and loads the real one for anything else, once.
 * @param load returns the real string-width (called at most once)
 * @returns a function with string-width's signature and answers
 */
export function lazyStringWidth(load: () => StringWidth): StringWidth {
  let real: StringWidth | undefined;
  return (text, options) => {
    if (typeof text === 'string' && PRINTABLE_ASCII.test(text)) return text.length;
    real ??= load();
    return real(text, options);
  };
}

/** The module that imported string-width (the `from` query index.ts adds), or this module when there is none. */
const importer = new URL(import.meta.url).searchParams.get('from') ?? import.meta.url;

/**
 * string-width for the module named by `from`: the version that module resolves, loaded with `require` (Node loads
 * the ES module synchronously) the first time a string that is not printable ASCII is measured.
 */
const stringWidth: StringWidth = lazyStringWidth(() => (createRequire(importer)('string-width') as { default: StringWidth }).default);
export default stringWidth;

// The `string-width` that yargs' help layout (cliui, wrap-ansi) imports, loaded lazily: `index.ts` points
// their imports of `string-width` here. string-width builds an `Intl.Segmenter` and loads its tables when it
// is imported (15–30 ms), and yargs lays out the help of the command being run on every run (it caches that
// help before the handler), although that text is printable ASCII, whose width is its length. So a string of
// printable ASCII is answered here, and anything else (ANSI escapes, other scripts, emoji) by the real
// string-width, required (Node's `require` of an ES module) the first time one is measured.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** string-width's options (its `Options`). */
export interface StringWidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/** string-width's default export. */
export type StringWidth = (text: string, options?: StringWidthOptions) => number;

/** Printable ASCII only (space to `~`): one column per character, in every terminal. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A string-width that answers printable ASCII itself and loads the real one only for other text.
 * @param loadReal returns the real string-width (called at most once, when first needed)
 * @returns the width function: terminal columns of a string, as string-width counts them (0 for a non-string)
 */
export function lazyStringWidth(loadReal: () => StringWidth): StringWidth {
  let real: StringWidth | undefined;
  return (text, options) => {
    if (typeof text === 'string' && PRINTABLE_ASCII.test(text)) return text.length;
    real ??= loadReal();
    return real(text, options);
  };
}

/** The real module's file URL: the `real` query parameter the resolve hook put on this module's URL. */
const realUrl = new URL(import.meta.url).searchParams.get('real');

/**
 * string-width for the module that imported it (see the file's comment).
 * @throws what requiring the real string-width throws, when it is needed and this module was not loaded through the hook
 */
const stringWidth: StringWidth = lazyStringWidth(() => {
  if (!realUrl) throw new Error('lazyStringWidth: loaded without the URL of the real string-width');
  return (createRequire(import.meta.url)(fileURLToPath(realUrl)) as { default: StringWidth }).default;
});
export default stringWidth;

// lazyStringWidth answers printable ASCII itself and everything else through the real string-width, with the
// same widths as string-width (the version yargs depends on), which it loads only for a string that is not
// printable ASCII.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { lazyStringWidth, type StringWidth } from '../src/lazyStringWidth.js';

const requireHere = createRequire(import.meta.url);
const fromYargs = createRequire(requireHere.resolve('yargs'));
let real: StringWidth;

beforeAll(async () => {
  real = ((await import(pathToFileURL(fromYargs.resolve('string-width')).href)) as { default: StringWidth }).default;
});

const SAMPLES = ['', 'reslayer <command> [contract] [options]', '  --json  Print JSON  [boolean] [default: false]', '~!@#$%^&*()_+{}|:"<>?', 'tab\there', 'new\nline', '\u001b[31mred\u001b[39m', 'contract → layer', '日本語', 'e\u0301', '👩‍💻 done', 'ｆｕｌｌ', '\u200b'];

test.each(SAMPLES.map((s) => [JSON.stringify(s), s]))('%s: the width string-width gives', (_name, text) => {
  expect(lazyStringWidth(() => real)(text)).toBe(real(text));
});

test('loads the real string-width only for a string that is not printable ASCII, and once', () => {
  let loads = 0;
  const width = lazyStringWidth(() => {
    loads++;
    return real;
  });
  expect(width('plain ASCII text [default: 5]')).toBe(29);
  expect(loads).toBe(0);
  expect(width('日本')).toBe(4);
  expect(width('→')).toBe(1);
  expect(loads).toBe(1);
});

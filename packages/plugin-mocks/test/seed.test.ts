import path from 'node:path';
import { DEMO_CONTRACT, REPO_ROOT, generate } from './helpers.js';

// The `seed` option: another data set of faker's values, as deterministic; counted UUID keys and the contract's examples stay.

const fixtures = async (seed?: number): Promise<string> => {
  const result = await generate(DEMO_CONTRACT, path.join(REPO_ROOT, '.runtime-out/unused'), seed === undefined ? {} : { seed }, false);
  const file = result.files.find((f) => f.path.endsWith('contacts/contacts.fixtures.ts'));
  if (!file) throw new Error('no contacts fixtures');
  return file.contents;
};
const emails = (text: string): string[] => [...text.matchAll(/email: '([^']+)'/g)].map((m) => m[1] as string);
const ids = (text: string): string[] => [...text.matchAll(/\bid: '([^']+)'/g)].map((m) => m[1] as string);

describe('pluginMocks({ seed })', () => {
  it('0 is the default; another seed changes the faker values but not the counted UUID keys or the examples, the same seed gives the same bytes', async () => {
    const plain = await fixtures();
    expect(await fixtures(0)).toBe(plain);
    const seven = await fixtures(7);
    expect(await fixtures(7)).toBe(seven);
    expect(ids(seven)).toEqual(ids(plain));
    // The first contact is the contract's example; the others are faker's.
    expect(emails(seven)[0]).toBe(emails(plain)[0]);
    expect(emails(seven).slice(1)).not.toEqual(emails(plain).slice(1));
    expect(emails(seven).every((e) => /^[^@\s]+@[^@\s]+$/.test(e))).toBe(true);
  });

  it('refuses a seed that is not a whole number from 0 to 2147483647', async () => {
    await expect(fixtures(-1)).rejects.toThrow(/plugin-mocks: .*seed/);
    await expect(fixtures(1.5)).rejects.toThrow(/plugin-mocks: .*seed/);
  });
});

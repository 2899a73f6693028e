import { faker as english } from '@faker-js/faker/locale/en';
import { generateMersenne53Randomizer } from '@faker-js/faker';
import { mersenne53 } from '../src/values/mersenne.js';
import { fakeString } from '../src/values/fakeString.js';

// The mocks' randomizer must give faker's own numbers: the generated fixtures were made with faker's default
// randomizer, and a different stream would change every mock file.

describe('mersenne53', () => {
  it('draws the same floats as faker\'s default randomizer for the same seeds, across a state twist', () => {
    const ours = mersenne53();
    const fakers = generateMersenne53Randomizer();
    for (const seed of [0, 1, 5489, 0x7fffffff, 0x80000000, 0xffffffff, 2654435761, 123456789]) {
      ours.seed(seed);
      fakers.seed(seed);
      // 700 floats = 1,400 32-bit outputs: more than two twists of the 624-word state.
      const a = Array.from({ length: 700 }, () => ours.next());
      const b = Array.from({ length: 700 }, () => fakers.next());
      expect(a).toEqual(b);
    }
  });

  it('draws the same floats when seeded again after a few draws (the state is made word by word)', () => {
    const ours = mersenne53();
    const fakers = generateMersenne53Randomizer();
    for (let i = 0; i < 200; i++) {
      const seed = Math.imul(i + 1, 2654435761) >>> 0;
      ours.seed(seed);
      fakers.seed(seed);
      const draws = [1, 2, 5, 40, 199, 311, 312, 313][i % 8] as number;
      expect(Array.from({ length: draws }, () => ours.next())).toEqual(Array.from({ length: draws }, () => fakers.next()));
    }
  });

  it('rejects an array seed, which it does not implement', () => {
    expect(() => mersenne53().seed([1, 2])).toThrow(TypeError);
  });
});

describe('fakeString on the fast randomizer', () => {
  it('gives what faker\'s English instance gives for the same seed', () => {
    // fakeString seeds with the FNV-1a hash of `${where}\u0000${name}`; recompute it to drive faker's own instance.
    const hash = (text: string): number => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    for (const [name, make] of [
      ['email', () => english.person.firstName()],
      ['city', () => english.location.city()],
      ['description', () => english.commerce.productDescription()],
    ] as const) {
      const where = `#/components/schemas/X\u00003\u00001`;
      english.seed(hash(`${where}\u0000${name}`));
      const expected = make();
      expect(fakeString(name, where)).toContain(name === 'email' ? expected.toLowerCase().replace(/[^a-z0-9.]+/g, '.') : expected);
    }
  });
});

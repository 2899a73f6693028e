import type { Randomizer } from '@faker-js/faker';

// Faker's own randomizer (MT19937, two 32-bit draws per 53-bit float) spends about 80 µs on each `seed()`: it
// builds the 624-word state in a plain array of doubles. The mocks seed faker before every value, tens of
// thousands of times on a large contract, so that start-up was most of the mocks' emit time. This is the same
// generator on an Int32Array, seeded and twisted lazily: the same numbers for the same seed (test/mersenne.test.ts
// compares them), well under a microsecond a seed.

/** MT19937's state size and middle word (Matsumoto & Nishimura 1998). */
const N = 624;
const M = 397;

/**
 * A faker {@link Randomizer} that gives exactly what faker's default one (`generateMersenne53Randomizer`) gives for
 * the same numeric seed: MT19937 seeded by `init_genrand`, each float in [0, 1) made of two 32-bit outputs
 * (27 + 26 bits, as faker's `nextF53`).
 * @param initial the first seed (a 32-bit unsigned integer); faker seeds it again before every value here
 * @returns the randomizer; its `seed` takes a 32-bit unsigned integer (an array seed is not used by the mocks and is
 *   rejected with a TypeError)
 */
export function mersenne53(initial = 5489): Randomizer {
  const mt = new Int32Array(N);
  // Both steps run word by word as the draws need them: a value takes a few dozen words, and a seed is followed
  // by a handful of draws before the next seed. Twisting in order, in place, reads exactly what the whole-state
  // twist reads (the words before `k` already twisted, the others not yet), so the numbers are the same.
  /** Words of the seed's state (`init_genrand`) computed so far. */
  let ready = N;
  /** Words of the current state twisted so far. */
  let twisted = N;
  /** The next word to temper. */
  let index = N;
  const seed = (value: number | number[]): void => {
    if (typeof value !== 'number') throw new TypeError('mersenne53: only a numeric seed is supported');
    mt[0] = value;
    ready = 1;
    twisted = N;
    index = N;
  };
  /** Computes the seed's state up to word `last`. */
  const initTo = (last: number): void => {
    for (; ready <= last; ready++) {
      const prev = mt[ready - 1]!;
      mt[ready] = Math.imul(1812433253, prev ^ (prev >>> 30)) + ready;
    }
  };
  /** Twists word `k` (every word before it twisted already). */
  const twistWord = (k: number): void => {
    if (ready < N) initTo(Math.min(N - 1, k + M));
    const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff);
    mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
  };
  const nextU32 = (): number => {
    if (index >= N) index = twisted = 0;
    if (index >= twisted) twistWord(twisted++);
    let y = mt[index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };
  seed(initial);
  return {
    next: () => ((nextU32() >>> 5) * 2 ** 26 + (nextU32() >>> 6)) * 2 ** -53,
    seed,
  };
}

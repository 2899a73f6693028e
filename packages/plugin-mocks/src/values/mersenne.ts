import type { Randomizer } from '@faker-js/faker';

// Faker's own randomizer (MT19937, two 32-bit draws per 53-bit float) spends about 80 µs on each `seed()`: it
// builds the 624-word state in a plain array of doubles. The mocks seed faker before every value, tens of
// thousands of times on a large contract, so that start-up was most of the mocks' emit time. This is the same
// generator on an Int32Array: the same numbers for the same seed (test/mersenne.test.ts compares them), a few
// microseconds a seed.

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
  let index = N;
  const seed = (value: number | number[]): void => {
    if (typeof value !== 'number') throw new TypeError('mersenne53: only a numeric seed is supported');
    mt[0] = value;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
    }
    index = N;
  };
  const twist = (): void => {
    for (let k = 0; k < N; k++) {
      const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff);
      mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    index = 0;
  };
  const nextU32 = (): number => {
    if (index >= N) twist();
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

// One small deterministic random source for the scripts (synthetic contracts, the runtime probe's sampled bodies).

/**
 * mulberry32: a seeded pseudo-random source, so a run gives the same numbers every time.
 * @param {number} seed any 32-bit integer
 * @returns {() => number} a function giving numbers in [0, 1)
 */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The Node.js version check the CLI makes before it loads anything else (index.ts). Dependency-free on purpose:
// it must run, and say something clear, on the old Node.js it refuses.

/** The oldest Node.js reslayer runs on, as `[major, minor]`: 22.12, as `engines` in every package.json says. */
export const MIN_NODE_VERSION: readonly [number, number] = [22, 12];

/**
 * Whether a Node.js version is older than {@link MIN_NODE_VERSION}.
 * @param version `process.versions.node`, e.g. `20.20.2` (a leading `v` is accepted)
 * @returns true when older; false for 22.12 and later, and for a version that does not parse (not refused)
 */
export function isNodeTooOld(version: string): boolean {
  const match = /^v?(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major < MIN_NODE_VERSION[0] || (major === MIN_NODE_VERSION[0] && minor < MIN_NODE_VERSION[1]);
}

/**
 * The error the CLI prints for a Node.js older than {@link MIN_NODE_VERSION} (code `RSL_NODE_VERSION`, exit 2),
 * or undefined when the version is recent enough.
 * @param version `process.versions.node`
 * @returns `{ code, message, hint }`, as the CLI prints any error
 */
export function nodeVersionError(version: string): { code: 'RSL_NODE_VERSION'; message: string; hint: string } | undefined {
  if (!isNodeTooOld(version)) return undefined;
  const needed = MIN_NODE_VERSION.join('.');
  return {
    code: 'RSL_NODE_VERSION',
    message: `Node.js ${version.replace(/^v/, '')} is too old: reslayer needs Node.js ${needed} or later (the generated MSW 3 mocks need Promise.withResolvers, for one)`,
    hint: `Install Node.js ${needed} or later (\`node --version\` shows the one in use).`,
  };
}

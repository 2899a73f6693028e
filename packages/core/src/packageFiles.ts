// Files that ship beside core's compiled code. They are located from this module, which sits at the root of
// the build folder: dist/ (from `tsc -b`) or lib/ (the bundle of scripts/bundle.mjs, which inlines this
// module into a file at lib/'s root). Both folders hold the files at the same place relative to it.

/**
 * `buildInfo.json`, the identity of this build, which `scripts/build-info.mjs` writes into dist/ and lib/
 * during `pnpm build` (see `readBuildIdentity`).
 */
export const BUILD_INFO_URL: URL = new URL('./buildInfo.json', import.meta.url);

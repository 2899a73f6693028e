import os from 'node:os';
import path from 'node:path';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { closestMatches } from '../diagnostics/suggest.js';
import { isWithin, realPathOf } from '../contract/inputFiles.js';
import type { ResolvedConfig } from './types.js';

/** The fields a config may set at its top level (see `UserConfig`). */
export const CONFIG_FIELDS: readonly string[] = ['input', 'output', 'plugins', 'allowRemoteRefs', 'overrides', 'dates', 'refRoots', 'maxInputSize', 'format'];

/** The fields of `output` when it is an object (see `OutputConfig`). */
export const OUTPUT_FIELDS: readonly string[] = ['root', 'srcDir', 'layout'];

/**
 * Refuses a field the config does not know: a typo would otherwise be ignored without a word (`ouptut` leaves the
 * output at its default).
 * @param value the object the config gives
 * @param known the fields it may have
 * @param prefix how a field is named in the message (`''` at the top level, `output.` inside `output`)
 * @param fail throws the config error with the message
 */
export function assertKnownFields(value: object, known: readonly string[], prefix: string, fail: (message: string) => never): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = closestMatches(key, known);
    const tip = near[0] ? `; did you mean \`${prefix}${near[0]}\`?` : ` (the options are ${known.join(', ')})`;
    fail(`\`${prefix}${key}\` is not a config option${tip}`);
  }
}

/**
 * Refuses an output root that no run may own, before anything reads or writes it: the file system's root, a
 * system folder (every folder right under the file system's root, such as `/tmp`, `/opt`, `/usr`, `/var` and `/etc`,
 * and the temporary folder `os.tmpdir()` itself), the home folder (`os.homedir()`) or a folder that holds it, and a
 * folder that holds the config file or the contract. Links are resolved, so a link to the home folder counts as
 * the home folder.
 * @param config the resolved config
 * @param homeDir the home folder (default `os.homedir()`)
 * @param tempDir the temporary folder (default `os.tmpdir()`)
 * @throws GeneratorError `RSL_OUTPUT_ROOT_UNSAFE` naming the root and what it is
 */
export function assertOwnableOutputRoot(config: ResolvedConfig, homeDir = os.homedir(), tempDir = os.tmpdir()): void {
  const root = realPathOf(config.outputRoot);
  const written = path.resolve(config.outputRoot);
  const home = realPathOf(homeDir);
  const fail = (what: string): never => {
    throw new GeneratorError('RSL_OUTPUT_ROOT_UNSAFE', `the output root ${config.outputRoot} ${what}`, {
      ...(config.configFile ? { file: config.configFile } : {}),
      hint: 'Give the output its own folder, e.g. ./src/api/generated: a run replaces everything in its output root.',
    });
  };
  if (path.parse(root).root === root) fail("is the file system's root");
  if (root === home) fail('is the home folder');
  const topLevel = (dir: string) => path.dirname(dir) === path.parse(dir).root;
  if (topLevel(root) || topLevel(written)) fail('is a system folder (a folder right under the file system\'s root)');
  if (root === realPathOf(tempDir)) fail('is the temporary folder');
  if (isWithin(root, home)) fail(`holds the home folder ${home}`);
  if (config.configFile && isWithin(root, realPathOf(config.configFile))) fail(`holds the config ${config.configFile}`);
  if (isWithin(root, realPathOf(config.input))) fail(`holds the contract ${config.input}`);
}

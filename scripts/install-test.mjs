#!/usr/bin/env node
// The install test: does what a user does, in a new project outside the workspace (under os.tmpdir()),
// once with npm and once with pnpm. The steps are the README's own, read from its section "Use it in your
// own project" (the blocks marked <!-- install-test: ... -->), so the README cannot drift from what is tested:
//
//   1. `pnpm pack:all` in this repository (the README's `scripts/run pnpm pack:all`; the test already runs
//      with the toolchain) writes .packs/*.tgz;
//   2. a new project: package.json, and the demo contract examples/public-crm/openapi.yaml as openapi.yaml;
//   3. the README's commands for the package manager, with RESLAYER set to this repository: `reslayer init
//      --packs` (the tarballs vendored into the project as relative file: dependencies), the registry packages,
//      `reslayer generate`, `reslayer check`;
//   4. the README's tsconfig.json and first lines of code (src/main.ts), then its "run" block: `tsc`
//      type-checks them with the generated layer (src/api/), emits JavaScript to build/, and node runs
//      build/src/main.js: the generated MSW handlers under msw/node answer one call of the generated client;
//   5. a clone elsewhere: the project copied without node_modules/ to another folder, `install`, `generate` and
//      `check` again there (package.json and the lock file name no absolute path).
//
// Usage: node scripts/install-test.mjs [--pm npm|pnpm] [--no-build] [--keep]
//   --pm        run one package manager only (default: npm, then pnpm)
//   --no-build  pack the current dist/ folders without `pnpm build`
//   --keep      keep the temporary projects (a failed one is always kept)
// Exit 0 when every pass succeeds; the last line reads `install: N passed, N failed`.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_OUT, ROOT, packAll } from './pack.mjs';

const exec = promisify(execFile);
const README = path.join(ROOT, 'README.md');
const CONTRACT = path.join(ROOT, 'examples', 'public-crm', 'openapi.yaml');
/** What src/main.ts (the README's code) must print: the mocks answered the generated client's call. */
const EXPECTED_OUTPUT = /^3 contacts, first: \S+@\S+$/m;

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const pmArg = args.includes('--pm') ? args[args.indexOf('--pm') + 1] : undefined;
const managers = pmArg ? [pmArg] : ['npm', 'pnpm'];
if (managers.some((m) => m !== 'npm' && m !== 'pnpm')) {
  console.error('usage: node scripts/install-test.mjs [--pm npm|pnpm] [--no-build] [--keep]');
  process.exit(2);
}

/**
 * The fenced block right after `<!-- install-test: <name> -->` in the README.
 * @returns {{ lang: string, body: string }}
 */
function readmeBlock(text, name) {
  const marker = `<!-- install-test: ${name} -->`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no ${marker} (section "Use it in your own project")`);
  const m = /^```(\w+)\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length));
  if (!m) throw new Error(`README.md: no fenced block after ${marker}`);
  return { lang: m[1], body: m[2] };
}

/** Shell lines of a block: comments and blank lines dropped. */
const commands = (block) => block.body.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));

/**
 * The environment of the user's shell: without the variables `pnpm run` adds for this workspace's script
 * (its settings as npm_config_*, the script's npm_* and PNPM_*), which would make npm or pnpm in the
 * temporary project behave as inside the workspace; the registry, cache and proxy settings stay.
 */
function userEnv() {
  const env = { ...process.env, RESLAYER: ROOT };
  const keep = /^npm_config_(registry|cache|userconfig|proxy|https_proxy|noproxy|strict_ssl|cafile)$/i;
  for (const key of Object.keys(env)) {
    if (keep.test(key)) continue;
    if (/^(npm_|pnpm_|PNPM_)/i.test(key) || key === 'INIT_CWD') delete env[key];
  }
  return env;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one shell command in `cwd` with bash (the README's commands use brace expansion and "$RESLAYER").
 * @returns {Promise<{ stdout: string, ms: number }>}
 * @throws Error with the command's output when it exits non-zero
 */
async function sh(command, cwd, log) {
  const start = performance.now();
  try {
    const { stdout } = await exec('bash', ['-o', 'pipefail', '-c', command], { cwd, env: userEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000 });
    const ms = performance.now() - start;
    log(`  ${seconds(ms).padStart(7)}  ${command}`);
    return { stdout, ms };
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`\`${command}\` failed (exit ${error.code ?? error.signal}) in ${cwd}:\n${out}`);
  }
}

/**
 * A clone of the project elsewhere: `dir` copied without node_modules/ and build/ to a new folder (the original
 * removed unless --keep, so nothing can point back to it), installed, generated and checked again. The manifest and
 * the lock file must name the vendored tarballs by relative paths, never this repository's.
 */
async function cloneElsewhere(pm, dir, exe, log) {
  for (const file of ['package.json', pm === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml']) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (text.includes(ROOT) || text.includes(dir)) throw new Error(`${pm}: ${file} names an absolute path (${text.includes(ROOT) ? ROOT : dir}); a clone elsewhere would not install`);
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), `reslayer-install-${pm}-clone-`));
  cpSync(dir, copy, { recursive: true, filter: (src) => !/[\\/](node_modules|build)$/.test(src) });
  log(`${pm}: copied to ${copy}`);
  if (!flag('--keep')) rmSync(dir, { recursive: true, force: true });
  for (const command of [`${pm} install`, `${exe} reslayer generate`, `${exe} reslayer check`]) await sh(command, copy, log);
  return copy;
}

/** One pass: a new project, the README's commands for `pm`, the type-check and the run. */
async function pass(pm, blocks, log) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `reslayer-install-${pm}-`));
  const timings = [];
  let clone;
  log(`${pm}: new project ${dir}`);
  const exe = pm === 'npm' ? 'npx' : 'pnpm exec';
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'my-app', version: '1.0.0', private: true, type: 'module' }, null, 2) + '\n');
    copyFileSync(CONTRACT, path.join(dir, 'openapi.yaml'));
    for (const command of commands(blocks[pm])) {
      const { ms } = await sh(command, dir, log);
      timings.push([command, ms]);
    }
    if (!existsSync(path.join(dir, 'generator.config.ts'))) throw new Error(`${pm}: \`reslayer init\` wrote no generator.config.ts in ${dir}`);
    writeFileSync(path.join(dir, 'tsconfig.json'), blocks.tsconfig.body);
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'main.ts'), blocks.code.body);
    let stdout = '';
    for (const line of commands(blocks.run)) {
      const command = line.replace(/^npx /, `${exe} `);
      const run = await sh(command, dir, log);
      timings.push([command, run.ms]);
      stdout = run.stdout;
    }
    if (!EXPECTED_OUTPUT.test(stdout)) throw new Error(`${pm}: src/main.ts printed ${JSON.stringify(stdout.trim())}, expected ${EXPECTED_OUTPUT}`);
    log(`  main.ts: ${stdout.trim()}`);
    clone = await cloneElsewhere(pm, dir, exe, log);
    if (!flag('--keep')) rmSync(clone, { recursive: true, force: true });
    else log(`  kept ${dir} and ${clone}`);
    return timings;
  } catch (error) {
    error.message += `\n(project kept for inspection: ${clone ?? dir})`;
    throw error;
  }
}

const log = (m) => console.log(m);
const started = performance.now();
let passed = 0;
let failed = 0;
try {
  const text = readFileSync(README, 'utf8');
  const blocks = { pack: readmeBlock(text, 'pack'), npm: readmeBlock(text, 'npm'), pnpm: readmeBlock(text, 'pnpm'), code: readmeBlock(text, 'code'), tsconfig: readmeBlock(text, 'tsconfig'), run: readmeBlock(text, 'run') };
  const packCommands = commands(blocks.pack);
  if (packCommands.length !== 1 || !/^(scripts\/run )?pnpm pack:all$/.test(packCommands[0] ?? '')) {
    throw new Error(`README.md: the install-test "pack" block must be the one command \`scripts/run pnpm pack:all\`, found ${JSON.stringify(packCommands)}`);
  }
  for (let dir = os.tmpdir(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) log(`install-test: warning: ${dir}/node_modules exists above the temporary projects; packages may resolve from it`);
    if (path.dirname(dir) === dir) break;
  }
  const t0 = performance.now();
  const packs = await packAll({ out: DEFAULT_OUT, build: !flag('--no-build'), log });
  log(`pack: ${packs.length} tarballs in ${path.relative(ROOT, DEFAULT_OUT)}/ (${seconds(performance.now() - t0)})`);
  for (const pm of managers) {
    const t = performance.now();
    try {
      await pass(pm, blocks, log);
      passed++;
      log(`${pm}: ok (${seconds(performance.now() - t)})`);
    } catch (error) {
      failed++;
      console.error(`${pm}: FAILED (${seconds(performance.now() - t)})\n${error.message}`);
    }
  }
} catch (error) {
  failed++;
  console.error(`install-test: ${error.message}`);
}
log(`install-test: total ${seconds(performance.now() - started)}`);
log(`install: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

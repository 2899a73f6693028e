// The comparison tools and the GitHub contract, fetched into the cache, and the measured `tsc` runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorLines, generatedTsconfig, TSC_59, tscArgs } from './typecheck.mjs';
import { CACHE, FALLBACK_OVERRIDES, OCTOKIT, PINS, TOOLS, measureProcess, note, progress, results } from './bench-context.mjs';
import { lastLines } from './bench-ours.mjs';

/** Runs a command, prints a clear message when it fails; returns true on success. */
function runTool(what, command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000, ...options });
  if (r.error || r.status !== 0) {
    const why = r.error ? r.error.message : lastLines((r.stderr ?? '').split('\n').filter((l) => !/Unknown user config/.test(l)).join('\n') || r.stdout || '');
    process.stdout.write(`  ${what} failed: ${why}\n`);
    return { ok: false, why, r };
  }
  return { ok: true, r };
}

/** Fetches the GitHub contract into the cache (npm pack + tar); returns its path or null. */
export function fetchGithubContract() {
  const dir = path.join(CACHE, `octokit-openapi-${OCTOKIT.version}`);
  const file = path.join(dir, OCTOKIT.member);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  progress(`fetching ${OCTOKIT.name}@${OCTOKIT.version} with npm pack into ${dir}`);
  const pack = runTool('npm pack', 'npm', ['pack', `${OCTOKIT.name}@${OCTOKIT.version}`, '--pack-destination', dir, '--json', '--loglevel=error'], { cwd: dir });
  if (!pack.ok) return null;
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) return (process.stdout.write('  npm pack wrote no tarball\n'), null);
  const list = runTool('tar tzf', 'tar', ['tzf', path.join(dir, tgz)]);
  if (!list.ok) return null;
  if (!list.r.stdout.split('\n').includes(OCTOKIT.member)) {
    process.stdout.write(`  ${tgz} has no ${OCTOKIT.member}; its layout changed\n`);
    return null;
  }
  const x = runTool('tar xzf', 'tar', ['xzf', path.join(dir, tgz), '-C', dir, OCTOKIT.member]);
  rmSync(path.join(dir, tgz), { force: true });
  return x.ok && existsSync(file) ? file : null;
}

/** Installs the pinned comparison tools into the cache; returns { ok, overrides } . */
export function installTools() {
  const installed = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(TOOLS, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  const manifest = path.join(TOOLS, 'package.json');
  const current = () => {
    try {
      return JSON.parse(readFileSync(manifest, 'utf8')).overrides ?? null;
    } catch {
      return null;
    }
  };
  if (Object.entries(PINS).every(([n, v]) => installed(n) === v)) return { ok: true, overrides: current() };
  mkdirSync(TOOLS, { recursive: true });
  const specs = Object.entries(PINS).map(([n, v]) => `${n}@${v}`);
  const npmArgs = ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...specs];
  for (const overrides of [null, FALLBACK_OVERRIDES]) {
    writeFileSync(manifest, `${JSON.stringify({ private: true, description: 'reslayer benchmark comparison tools (scripts/bench.mjs)', ...(overrides ? { overrides } : {}) }, null, 2)}\n`);
    progress(`installing ${specs.join(' ')} into ${TOOLS}${overrides ? ` with overrides ${JSON.stringify(overrides)}` : ''}`);
    const r = runTool('npm install', 'npm', npmArgs, { cwd: TOOLS });
    if (r.ok && Object.entries(PINS).every(([n, v]) => installed(n) === v)) return { ok: true, overrides };
  }
  return { ok: false };
}

/** The tsconfig of the shared type-check harness (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes). */
export const tsconfigFor = (include, exclude, resolution) => generatedTsconfig({ include, ...(exclude ? { exclude } : {}), resolution });

/** `tsc --noEmit --extendedDiagnostics -p <tsconfig>`, measured; parses tsc's own figures too. */
export function runTsc(of, label, tsconfig, opts) {
  const r = measureProcess(process.execPath, [TSC_59, ...tscArgs(tsconfig, ['--noEmit', '--extendedDiagnostics'])], { timeoutS: opts.tscTimeout });
  const out = `${r.stdout}\n${r.stderr}`;
  const field = (name) => new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(out)?.[1];
  const errors = errorLines(out);
  const syntaxErrors = errors.filter((l) => /error TS1\d{3}:/.test(l));
  const row = {
    tool: 'tsc',
    of,
    input: 'github',
    label,
    // tsc exits non-zero when it reports errors; the run counts when it got to the end (its totals are printed).
    ok: field('Total time') !== undefined,
    exitCode: r.code,
    wallMs: r.wallMs,
    walls: [r.wallMs],
    rssKb: r.rssKb,
    rssSource: r.rssSource,
    timedOut: r.code === 'timeout',
    tsc: {
      files: Number(field('Files') ?? NaN),
      errors: errors.length,
      syntaxErrors: syntaxErrors.length,
      checked: field('Check time') !== undefined,
      checkS: Number(field('Check time') ?? NaN),
      totalS: Number(field('Total time') ?? NaN),
      memoryUsedKb: Number(/^Memory used:\s+(\d+)K/m.exec(out)?.[1] ?? NaN),
      firstErrors: errors.slice(0, 3),
    },
  };
  if (row.timedOut) note(`${label}: stopped after ${opts.tscTimeout} s (--tsc-timeout)`);
  results.runs.push(row);
  return row;
}

// GitHub's REST contract: our generate/check runs, validators, hook adapters, orval and openapi-typescript.
import { existsSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeTsconfig } from './typecheck.mjs';
import { writeOneOperationChange } from './bench-incremental.mjs';
import { BENCH, BUILTIN_PLUGINS, OCTOKIT, OUT, PINS, TOOLS, dirStats, emptyDir, listFiles, measureProcess, note, progress, repeated, results, status } from './bench-context.mjs';
import { benchWatch } from './bench-inputs.mjs';
import { freshGenerate, lastLines, packageImport, recordOurs, runOurs } from './bench-ours.mjs';
import { mb, secs } from './bench-targets.mjs';
import { fetchGithubContract, installTools, runTsc, tsconfigFor } from './bench-tools.mjs';

/**
 * The cost of plugin-validators on the GitHub contract: a fresh generate with the four built-in plugins plus
 * `pluginValidators({ library })`, for zod and valibot, recorded with the files and wall time it adds to `base`,
 * then `tsc --noEmit` over that output (TypeScript 5.9, `--tsc-timeout`).
 */
function benchValidators(contract, base, opts) {
  for (const library of ['zod', 'valibot']) {
    progress(`github: reslayer generate with plugin-validators (${library})`);
    const output = path.join(OUT, `github-validators-${library}`);
    const r = generateWithValidators(contract, output, library, opts);
    const row = recordOurs('github', `generate with plugin-validators (${library})`, r, { validators: library });
    if (row.ok && base.files !== null && row.files !== null) {
      row.validatorsCost = { extraFiles: row.files - base.files, extraMs: row.wallMs - base.wallMs, extraBytes: (row.bytes ?? 0) - (base.bytes ?? 0) };
      note(`plugin-validators (${library}) on GitHub: +${row.validatorsCost.extraFiles} files, +${(row.validatorsCost.extraBytes / 1024 / 1024).toFixed(1)} MB, ${row.validatorsCost.extraMs < 0 ? '−' : '+'}${secs(Math.abs(row.validatorsCost.extraMs))} generate (${secs(row.wallMs)} vs ${secs(base.wallMs)} without it)`);
    }
    if (!row.ok) continue;
    // The application's type-check of that output (the schemas are annotated with the client's types).
    progress(`github: tsc --noEmit over reslayer's output with plugin-validators (${library})`);
    const tsconfig = path.join(BENCH, `tsconfig.reslayer-github-validators-${library}.json`);
    writeTsconfig(tsconfig, tsconfigFor([path.relative(BENCH, path.join(output, 'src')) + '/**/*.ts'], null, 'NodeNext'));
    const tsc = runTsc('reslayer-validators', `tsc --noEmit over our output with plugin-validators (${library})`, tsconfig, opts);
    if (!tsc.ok && !tsc.timedOut) note(`tsc over the output with plugin-validators (${library}) did not finish: exit ${tsc.exitCode} (${tsc.rssKb ? `${mb(tsc.rssKb)} peak` : 'no RSS'})`);
  }
  // The largest layer: plugin-validators (zod) with real hooks, once per hooks adapter (compared with orval's wall time).
  for (const adapter of HOOK_ADAPTERS) {
    progress(`github: reslayer generate with plugin-validators (zod) and the ${adapter} adapter`);
    const output = path.join(OUT, `github-validators-${adapter}`);
    const r = generateWithValidators(contract, output, 'zod', opts, adapter);
    recordOurs('github', `generate with plugin-validators (zod) and the ${adapter} adapter`, r, { validators: 'zod', adapter });
    emptyDir(output);
  }
}

/**
 * Fresh `generate --no-cache` runs of the built-in plugins plus `pluginValidators({ library })`, through a
 * config written to `.bench/configs/` (with `adapter`, plugin-hooks gets `{ adapter }`).
 * @returns the repeated run (see `repeated`); a failure marks the bench as failed
 */
function generateWithValidators(contract, output, library, opts, adapter) {
  const config = path.join(BENCH, 'configs', `github.validators-${adapter ?? library}.mjs`);
  const call = (fn) => (fn === 'pluginHooks' && adapter ? `${fn}({ adapter: '${adapter}' })` : `${fn}()`);
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(
    config,
    [
      `// Written by scripts/bench.mjs: the built-in plugins${adapter ? ` (hooks with the ${adapter} adapter)` : ''} plus plugin-validators (${library}).`,
      ...BUILTIN_PLUGINS.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
      `import { pluginValidators } from ${packageImport('plugin-validators')};`,
      `export default { input: ${JSON.stringify(contract)}, output: ${JSON.stringify(output)}, plugins: [${BUILTIN_PLUGINS.map(([, fn]) => call(fn)).join(', ')}, pluginValidators({ library: '${library}' })] };`,
      '',
    ].join('\n'),
  );
  const r = repeated(opts.repeat, () => emptyDir(output), () => runOurs('generate', { config }, ['--no-cache']));
  if (r.code !== 0) status.ownFailure = true;
  return r;
}

/** The hooks adapters with real hooks (plugin-hooks' `adapter` option), each measured with plugin-validators. */
export const HOOK_ADAPTERS = ['react-query', 'vue-query'];

export function benchGithub(opts) {
  progress(`github: ${OCTOKIT.name}@${OCTOKIT.version} ${OCTOKIT.member}`);
  const contract = fetchGithubContract();
  if (!contract) {
    note('GitHub contract not available (npm pack or tar failed, see above): GitHub rows and targets skipped');
    return;
  }
  results.github = { contract, bytes: statSync(contract).size };
  const output = path.join(OUT, 'github');

  // 1. fresh generate
  progress('github: reslayer generate (fresh output folder)');
  const { row: first, source } = freshGenerate('github', 'generate', contract, output, opts.repeat);
  if (first) {
    githubUnchanged(first, source, output, opts);
    if (!source.config) githubOneOperation(contract, output, source, opts);
    githubTsc(output, opts);
  }
  // 4b. the cost of the experimental plugin-validators (not a default plugin): the four built-in plugins plus it
  if (first && first.pluginsSkipped.length === 0) benchValidators(contract, first, opts);

  if (!opts.compare) return;
  const tools = installTools();
  if (!tools.ok) {
    note('the comparison tools could not be installed (see above): orval and openapi-typescript rows skipped');
    return;
  }
  results.toolsOverrides = tools.overrides;
  if (tools.overrides) note(`comparison tools installed with npm overrides ${JSON.stringify(tools.overrides)} (a pinned dependency of orval is missing from the registry)`);
  const nm = path.join(TOOLS, 'node_modules');
  githubOpenapiTypescript(contract, nm, opts);
  const orvalOut = githubOrval(contract, nm, opts);
  if (orvalOut) tscOverOrval(orvalOut, nm, output, opts);
}

/** Steps 2 and 3 on GitHub's contract: generate again with nothing changed (no file rewritten), then check. */
function githubUnchanged(first, source, output, opts) {
  // 2. generate again, nothing changed: no file rewritten, faster
  progress('github: reslayer generate (no change)');
  const before = listFiles(output);
  const again = repeated(opts.repeat, null, () => runOurs('generate', source));
  const after = listFiles(output);
  let touched = 0;
  for (const [p, f] of after) if (before.get(p)?.mtimeNs !== f.mtimeNs) touched++;
  for (const p of before.keys()) if (!after.has(p)) touched++;
  const plan = again.json ?? {};
  if (again.code !== 0) status.ownFailure = true;
  recordOurs('github', `generate (no change)${first.pluginsSkipped.length ? ` without ${first.pluginsSkipped.join(', ')}` : ''}`, again, {
    noChange: {
      filesTouched: touched,
      created: plan.created?.length ?? null,
      updated: plan.updated?.length ?? null,
      removed: plan.removed?.length ?? null,
      unchanged: plan.unchanged?.length ?? null,
    },
  });
  // 3. check on the unchanged output
  progress('github: reslayer check (unchanged output)');
  const check = repeated(opts.repeat, null, () => runOurs('check', source));
  if (check.code !== 0 && check.code !== 1) status.ownFailure = true;
  recordOurs('github', `check (unchanged)${first.pluginsSkipped.length ? ` without ${first.pluginsSkipped.join(', ')}` : ''}`, check, {
    ok: check.code === 0,
    drift: check.json?.drift ?? null,
  });
}

/**
 * Step 3b: a one-operation change, a second generate into the same output from a copy with one summary
 * changed and back (each run changes one operation); the output ends as the original contract's.
 */
function githubOneOperation(contract, output, source, opts) {
  progress('github: reslayer generate (one operation changed)');
  const copy = path.join(BENCH, 'github-one-operation-changed.json');
  const { operation } = writeOneOperationChange(contract, copy);
  const incr = repeated(Math.max(opts.repeat, 2), null, (i) => runOurs('generate', { contract: i % 2 === 0 ? copy : contract, output }));
  if (incr.code !== 0) status.ownFailure = true;
  recordOurs('github', 'generate (one operation changed)', incr, { changed: operation, plan: incr.json ? { created: incr.json.created?.length ?? null, updated: incr.json.updated?.length ?? null, removed: incr.json.removed?.length ?? null } : null });
  if (incr.walls.length % 2 === 1) runOurs('generate', source);
  // 3c. the same kind of change in watch mode: `generate --watch` on a copy, one summary edited per save
  progress('github: reslayer generate --watch (one operation edited per save)');
  benchWatch('github', contract, path.join(OUT, 'github-watch'), opts, path.join(BENCH, 'github-watch.json'));
}

/** Step 4: the user's type-check of our output (and, when it fails, of the output without its mocks). */
function githubTsc(output, opts) {
  progress('github: tsc --noEmit over reslayer\'s output');
  const tsconfig = path.join(BENCH, 'tsconfig.reslayer-github.json');
  writeTsconfig(tsconfig, tsconfigFor([path.relative(BENCH, path.join(output, 'src')) + '/**/*.ts'], null, 'NodeNext'));
  const full = runTsc('reslayer', 'tsc --noEmit over our output (NodeNext)', tsconfig, opts);
  if (!full.ok) {
    progress('github: tsc --noEmit over reslayer\'s output without its mocks (to locate the cost)');
    tscWithoutMocks(output, opts);
  }
}

/** Step 5: openapi-typescript (types only) on GitHub's contract, and `tsc` over those types alone. */
function githubOpenapiTypescript(contract, nm, opts) {
  progress(`github: openapi-typescript ${PINS['openapi-typescript']} (types only)`);
  const oatOut = path.join(OUT, 'openapi-typescript-github');
  const oat = repeated(
    opts.repeat,
    () => {
      emptyDir(oatOut);
      mkdirSync(oatOut, { recursive: true });
    },
    () => measureProcess(process.execPath, [path.join(nm, 'openapi-typescript/bin/cli.js'), contract, '-o', path.join(oatOut, 'schema.ts')]),
  );
  const oatRow = recordTool('openapi-typescript', `openapi-typescript ${PINS['openapi-typescript']} (types only)`, oat, oatOut);
  if (oatRow.ok) {
    // 5b. the type-check of those types alone: the yardstick of the type-check of our whole layer
    progress('github: tsc --noEmit over openapi-typescript\'s output');
    const tsOat = path.join(BENCH, 'tsconfig.openapi-typescript-github.json');
    writeTsconfig(tsOat, tsconfigFor([path.relative(BENCH, path.join(oatOut, 'schema.ts'))], null, 'NodeNext'));
    runTsc('openapi-typescript', 'tsc --noEmit over openapi-typescript output (types only)', tsOat, opts);
  }
}

/** Step 6: orval (types, fetch client, react-query hooks, MSW mocks, split by tag); its output folder, or null when it failed. */
function githubOrval(contract, nm, opts) {
  progress(`github: orval ${PINS.orval} (react-query + fetch + msw mocks, tags-split)`);
  const orvalOut = path.join(OUT, 'orval-github');
  const orvalConfig = path.join(BENCH, 'configs', 'orval.config.mjs');
  mkdirSync(path.dirname(orvalConfig), { recursive: true });
  const orvalOptions = {
    github: {
      input: { target: contract },
      output: {
        target: path.join(orvalOut, 'src/api.ts'),
        schemas: path.join(orvalOut, 'src/model'),
        client: 'react-query',
        httpClient: 'fetch',
        mode: 'tags-split',
        mock: true,
        clean: true,
        override: { query: { version: 5 } },
      },
    },
  };
  writeFileSync(orvalConfig, `// Written by scripts/bench.mjs\nexport default ${JSON.stringify(orvalOptions, null, 2)};\n`);
  const orval = repeated(opts.repeat, () => emptyDir(orvalOut), () =>
    measureProcess(process.execPath, [path.join(nm, 'orval/dist/bin/orval.mjs'), '--config', orvalConfig], { cwd: path.dirname(orvalConfig) }),
  );
  const orvalRow = recordTool('orval', `orval ${PINS.orval} (react-query, fetch, msw, tags-split)`, orval, orvalOut);
  return orvalRow.ok ? orvalOut : null;
}

/**
 * Step 7: tsc over orval's output: its imports resolve from the cache through a node_modules link. orval
 * writes extensionless relative imports, which NodeNext rejects: Bundler resolution instead.
 */
function tscOverOrval(orvalOut, nm, output, opts) {
  progress('github: tsc --noEmit over orval\'s output');
  symlinkSync(nm, path.join(orvalOut, 'node_modules'), 'dir');
  const include = [path.relative(BENCH, path.join(orvalOut, 'src')) + '/**/*.ts'];
  const tsAll = path.join(BENCH, 'tsconfig.orval-github.json');
  writeTsconfig(tsAll, tsconfigFor(include, null, 'Bundler'));
  const all = runTsc('orval', 'tsc --noEmit over orval output (Bundler)', tsAll, opts);
  if (!all.tsc.checked) {
    all.comparable = false;
    note(`tsc stopped before type-checking orval's output: ${all.tsc.syntaxErrors} syntax error(s), e.g. ${all.tsc.firstErrors[0] ?? '?'}`);
    const tsNoMocks = path.join(BENCH, 'tsconfig.orval-github.no-mocks.json');
    const rel = path.relative(BENCH, path.join(orvalOut, 'src'));
    writeTsconfig(tsNoMocks, tsconfigFor(include, [`${rel}/**/*.msw.ts`, `${rel}/**/*.faker.ts`], 'Bundler'));
    note('measuring tsc again over orval\'s output without its mock files (*.msw.ts, *.faker.ts): less code than ours, so the comparison favours orval');
    const noMocks = runTsc('orval', 'tsc --noEmit over orval output without mocks (Bundler)', tsNoMocks, opts);
    noMocks.comparable = noMocks.tsc.checked;
    // The like-for-like figure: both outputs without their mocks.
    if (existsSync(path.join(output, 'src'))) {
      const ours = results.runs.find((r) => r.tool === 'tsc' && r.of === 'reslayer' && r.withoutMocks) ?? tscWithoutMocks(output, opts);
      if (ours.ok && noMocks.ok) {
        note(`tsc without mocks on both sides: ours ${secs(ours.wallMs)} (${mb(ours.rssKb)}) vs orval ${secs(noMocks.wallMs)} (${mb(noMocks.rssKb)}): ratio ${(ours.wallMs / noMocks.wallMs).toFixed(2)}`);
      }
    }
  } else all.comparable = true;
}

/** tsc over our GitHub output minus the mocks plugin's folders (`**\/mocks/**`). */
function tscWithoutMocks(output, opts) {
  const rel = path.relative(BENCH, path.join(output, 'src'));
  const tsconfig = path.join(BENCH, 'tsconfig.reslayer-github.no-mocks.json');
  writeTsconfig(tsconfig, tsconfigFor([`${rel}/**/*.ts`], [`${rel}/**/mocks/**`], 'NodeNext'));
  const row = runTsc('reslayer', 'tsc --noEmit over our output without mocks (NodeNext)', tsconfig, opts);
  row.withoutMocks = true;
  return row;
}

function recordTool(tool, label, r, outDir) {
  const ok = r.code === 0;
  const stats = ok ? dirStats(outDir) : { files: null, bytes: null };
  const row = { tool, input: 'github', label, ok, exitCode: r.code, wallMs: r.wallMs, walls: r.walls, rssKb: r.rssKb, rssSource: r.rssSource, ...stats };
  if (!ok) {
    row.error = lastLines(r.stderr || r.stdout);
    process.stdout.write(`  ${tool} failed (exit ${r.code}): ${row.error}\n`);
    note(`${tool} failed on the GitHub contract; its comparisons are skipped`);
  }
  results.runs.push(row);
  return row;
}

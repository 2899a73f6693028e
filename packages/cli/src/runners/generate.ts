import { type Diagnostic, cacheRecordFor, planFileSet, refreshRecord, rootRelative, runGenerator, writeFileSet, type WritePlan } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { displayPath, resolveCliConfig } from '../format/resolveCliConfig.js';
import { type RunnerIO, cacheJson, guard, openCache, writeProfile } from './context.js';

/** Arguments of `generate`. */
export interface GenerateArgs extends OutputArgs {
  /** Write nothing; list what would change. */
  dryRun: boolean;
}

const EMPTY_PLAN: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };

/**
 * Runs `generate`. First the no-change cache (see core's `probeNoChangeCache`): when it hits, nothing is
 * generated or written in the output root (at most the cache record outside it gets fresh stat data)
 * and every file is reported unchanged. Otherwise the whole pipeline runs and the files are written with core's `writeFileSet`,
 * recording the cache in the manifest (or, with `--dry-run`, only planned with `planFileSet`). Nothing
 * is written when a diagnostic has severity `error`. With `RESLAYER_PROFILE` set, also writes the run
 * profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 on success, 1 when error diagnostics stop the run, 2 for a config, input or write error
 */
export async function runGenerate(args: GenerateArgs): Promise<number> {
  return guard('generate', args.json, async (io) => {
    const config = await resolveCliConfig(args, io.cwd);
    const location = { outputRoot: config.outputRoot, srcDir: config.srcDir };
    const root = displayPath(config.outputRoot, io.cwd);
    const cache = await openCache(config, io, args.cache ? undefined : '--no-cache');
    if (cache.probe.status === 'hit') {
      const hit = cache.probe;
      if (!args.dryRun) await refreshRecord(location, hit);
      await writeProfile({ files: hit.files.length, bytes: hit.bytes }, cache.ms, io.cwd, 'hit');
      io.endProgress();
      const plan: WritePlan = { ...EMPTY_PLAN, unchanged: hit.files };
      return report(io, args, { root, files: hit.files, plan, diagnostics: hit.summary.diagnostics, failed: false, cacheFields: cacheJson(cache) });
    }
    const startedAt = Date.now();
    const result = await runGenerator(config, { onPhase: io.phase });
    const diagnostics = result.diagnostics.list();
    const failed = result.diagnostics.hasErrors();
    let plan = EMPTY_PLAN;
    let writeMs = 0;
    if (!failed) {
      io.phase('write');
      const start = performance.now();
      if (args.dryRun) plan = await planFileSet(location, result.files);
      else {
        const record = await cacheRecordFor(cache.key, result, startedAt);
        plan = await writeFileSet(location, result.files, record ? { cache: record } : {});
      }
      writeMs = performance.now() - start;
    }
    await writeProfile(result, writeMs, io.cwd, cache.probe.status);
    io.endProgress();
    const files = failed ? [] : result.files.map((f) => rootRelative(location, f));
    return report(io, args, { root, files, plan, diagnostics, failed, cacheFields: cacheJson(cache) });
  });
}

/** Prints the outcome of `generate` (text or `--json`) and returns the exit code. */
function report(
  io: RunnerIO,
  args: GenerateArgs,
  r: { root: string; files: string[]; plan: WritePlan; diagnostics: Diagnostic[]; failed: boolean; cacheFields: ReturnType<typeof cacheJson> },
): number {
  const { root, files, plan, diagnostics, failed } = r;
  const counts = countDiagnostics(diagnostics);
  if (io.json) {
    io.outJson({ ok: !failed, dryRun: args.dryRun, outputRoot: root, files, ...plan, diagnostics, ...r.cacheFields });
    return failed ? EXIT_FINDINGS : EXIT_OK;
  }
  const { colors } = io;
  if (failed) {
    io.out(...formatDiagnostics(diagnostics, colors), '', formatCounts(counts));
    io.out(`${colors.red('✖')} generate failed: the contract has ${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}; nothing was written`);
    return EXIT_FINDINGS;
  }
  const summary = `created ${plan.created.length}, updated ${plan.updated.length}, unchanged ${plan.unchanged.length}, removed ${plan.removed.length}`;
  const hit = r.cacheFields.cache === 'hit' ? colors.dim(' (nothing changed since the last generate)') : '';
  if (args.dryRun) {
    io.out(`${colors.bold('Dry run')}: ${files.length} generated ${files.length === 1 ? 'file' : 'files'} for ${colors.cyan(root)}; nothing was written${hit}`);
    const list = (label: string, paths: string[]) => {
      if (paths.length > 0) io.out(`${label} (${paths.length}):`, ...paths.map((p) => `  ${p}`));
    };
    list(colors.green('would create'), plan.created);
    list(colors.yellow('would update'), plan.updated);
    list(colors.red('would remove'), plan.removed);
    io.out(`unchanged: ${plan.unchanged.length}`);
  } else {
    io.out(`${colors.green('✔')} Generated ${files.length} ${files.length === 1 ? 'file' : 'files'} into ${colors.cyan(root)}: ${summary}${hit}`);
  }
  if (counts.warnings + counts.infos > 0) io.out(colors.dim(`${formatCounts(counts)}: run \`reslayer lint\` for details`));
  return EXIT_OK;
}

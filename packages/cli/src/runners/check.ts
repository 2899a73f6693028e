import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Diagnostic, type DriftEntry, type ReportSection, GeneratorError, diffFileSet, healthScore, runGenerator } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { type CheckReportData, formatHtmlReport } from '../format/formatReport.js';
import { resourcesToJson } from '../format/formatResources.js';
import { displayPath, portableRelativePath, resolveCliConfig } from '../format/resolveCliConfig.js';
import { CLI_VERSION } from '../version.js';
import { type RunnerIO, cacheJson, guard, openCache, writeProfile } from './context.js';

/** How many drifted files the text output lists before "… and N more". */
const MAX_DRIFT_LINES = 25;

/** Arguments of `check`. */
export interface CheckArgs extends OutputArgs {
  /** Where to write the HTML report (`--report html --report-file`), relative to the working directory. */
  reportFile?: string | undefined;
}

/** What the check report shows, from a full run or from the cache. */
interface CheckOutcome {
  title: string;
  version: string;
  resources: number;
  files: number;
  diagnostics: Diagnostic[];
  drift: DriftEntry[];
  sections: ReportSection[];
  reportPath?: string | undefined;
}

/**
 * Runs `check`. First the no-change cache (see core's `probeNoChangeCache`): when it hits, the output is
 * what the recorded run wrote, so drift is 0 and resources and diagnostics come from the manifest,
 * without running the pipeline. Otherwise (and always with `--report html`, which needs the model) it
 * generates in memory, diffs against the disk with core's `diffFileSet`, and reports the diagnostics
 * count, the drift (missing, different or stale files) and the health score.
 * `ok` means no drift and no error diagnostics. With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 when ok, 1 when not, 2 for a config, input or report-writing error
 */
export async function runCheck(args: CheckArgs): Promise<number> {
  return guard('check', args.json, async (io) => {
    const config = await resolveCliConfig(args, io.cwd);
    const skip = !args.cache ? '--no-cache' : args.reportFile !== undefined ? '--report html needs the model' : undefined;
    const cache = await openCache(config, io, skip);
    if (cache.probe.status === 'hit') {
      const { summary, files, bytes } = cache.probe;
      await writeProfile({ files: files.length, bytes }, cache.ms, io.cwd, 'hit');
      io.endProgress();
      const outcome: CheckOutcome = { ...summary, files: files.length, drift: [] };
      return print(io, config.outputRoot, outcome, cacheJson(cache));
    }
    const result = await runGenerator(config, { onPhase: io.phase });
    io.phase('diff');
    const diffStart = performance.now();
    const drift = await diffFileSet({ outputRoot: config.outputRoot, srcDir: config.srcDir }, result.files);
    await writeProfile(result, performance.now() - diffStart, io.cwd, cache.probe.status);
    const diagnostics = result.diagnostics.list();
    const counts = countDiagnostics(diagnostics);
    const score = healthScore({ errors: counts.errors, warnings: counts.warnings, drift: drift.length });
    const ok = drift.length === 0 && counts.errors === 0;
    const resources = resourcesToJson(result.model);
    let reportPath: string | undefined;
    if (args.reportFile !== undefined) {
      reportPath = path.resolve(io.cwd, args.reportFile);
      const base = path.dirname(reportPath);
      const data: CheckReportData = {
        title: result.model.meta.title,
        version: result.model.meta.version,
        contract: portableRelativePath(config.input, base),
        outputRoot: portableRelativePath(config.outputRoot, base),
        generator: CLI_VERSION,
        resources,
        files: result.files.length,
        diagnostics,
        drift,
        healthScore: score,
        ok,
        sections: result.report.sections,
      };
      try {
        await mkdir(base, { recursive: true });
        await writeFile(reportPath, formatHtmlReport(data), 'utf8');
      } catch (error) {
        throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the report ${args.reportFile}: ${(error as Error).message}`, { cause: error });
      }
    }
    io.endProgress();
    const outcome: CheckOutcome = {
      title: result.model.meta.title,
      version: result.model.meta.version,
      resources: resources.length,
      files: result.files.length,
      diagnostics,
      drift,
      sections: result.report.sections,
      reportPath,
    };
    return print(io, config.outputRoot, outcome, cacheJson(cache));
  });
}

/** Prints the check report (text or `--json`) and returns the exit code. */
function print(io: RunnerIO, outputRoot: string, o: CheckOutcome, cacheFields: ReturnType<typeof cacheJson>): number {
  const { diagnostics, drift, reportPath } = o;
  const counts = countDiagnostics(diagnostics);
  const score = healthScore({ errors: counts.errors, warnings: counts.warnings, drift: drift.length });
  const ok = drift.length === 0 && counts.errors === 0;
  const exit = ok ? EXIT_OK : EXIT_FINDINGS;
  if (io.json) {
    io.outJson({
      resources: o.resources,
      files: o.files,
      diagnostics: diagnostics.length,
      drift: drift.length,
      healthScore: score,
      ok,
      driftFiles: drift,
      diagnosticsList: diagnostics,
      ...(reportPath ? { reportFile: displayPath(reportPath, io.cwd) } : {}),
      ...cacheFields,
    });
    return exit;
  }
  const { colors } = io;
  const rows: Array<[string, string]> = [
    ['resources', String(o.resources)],
    ['files', String(o.files)],
    ['diagnostics', `${diagnostics.length}${diagnostics.length > 0 ? ` (${formatCounts(counts)})` : ''}`],
    ['drift', String(drift.length)],
    ['health score', String(score)],
  ];
  io.out(`${colors.bold(o.title)} ${o.version} → ${colors.cyan(displayPath(outputRoot, io.cwd))}`);
  io.out(...rows.map(([k, v]) => `  ${k.padEnd(13)}${colors.bold(v)}`));
  if (diagnostics.length > 0) io.out('', ...formatDiagnostics(diagnostics, colors));
  if (drift.length > 0) {
    io.out('', colors.bold('Drift:'), ...drift.slice(0, MAX_DRIFT_LINES).map((d) => `  ${d.kind.padEnd(9)}  ${d.path}`));
    if (drift.length > MAX_DRIFT_LINES) io.out(colors.dim(`  … and ${drift.length - MAX_DRIFT_LINES} more (--json lists them all)`));
  }
  for (const section of o.sections) io.out('', colors.bold(`${section.title} (${section.plugin})`), ...section.lines.map((l) => `  ${l}`));
  if (reportPath) io.out('', `Report written to ${colors.cyan(displayPath(reportPath, io.cwd))}`);
  if (cacheFields.cache === 'hit') io.out('', colors.dim('Nothing changed since the last generate (no-change cache; --no-cache runs the whole pipeline).'));
  if (ok) io.out('', `${colors.green('✔')} check passed`);
  else {
    const why = [drift.length > 0 ? `${drift.length} drifted ${drift.length === 1 ? 'file' : 'files'} (run \`reslayer generate\`)` : '', counts.errors > 0 ? `${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}` : '']
      .filter(Boolean)
      .join(', ');
    io.out('', `${colors.red('✖')} check failed: ${why}`);
  }
  return exit;
}

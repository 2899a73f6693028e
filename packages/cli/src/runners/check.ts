import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError, diffFileSet, healthScore } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { type CheckReportData, formatHtmlReport } from '../format/formatReport.js';
import { resourcesToJson } from '../format/formatResources.js';
import { displayPath, portableRelativePath } from '../format/resolveCliConfig.js';
import { CLI_VERSION } from '../version.js';
import { guard, runPipeline, writeProfile } from './context.js';

/** How many drifted files the text output lists before "… and N more". */
const MAX_DRIFT_LINES = 25;

/** Arguments of `check`. */
export interface CheckArgs extends OutputArgs {
  /** Where to write the HTML report (`--report html --report-file`), relative to the working directory. */
  reportFile?: string | undefined;
}

/**
 * Runs `check`: generates in memory, diffs against the disk with core's `diffFileSet`, and reports the
 * diagnostics count, the drift (missing, different or stale files) and the health score.
 * `ok` means no drift and no error diagnostics. With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 when ok, 1 when not, 2 for a config, input or report-writing error
 */
export async function runCheck(args: CheckArgs): Promise<number> {
  return guard('check', args.json, async (io) => {
    const { config, result } = await runPipeline(args, io);
    io.phase('diff');
    const diffStart = performance.now();
    const drift = await diffFileSet({ outputRoot: config.outputRoot, srcDir: config.srcDir }, result.files);
    await writeProfile(result, performance.now() - diffStart, io.cwd);
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
    const exit = ok ? EXIT_OK : EXIT_FINDINGS;
    if (io.json) {
      io.outJson({
        resources: resources.length,
        files: result.files.length,
        diagnostics: diagnostics.length,
        drift: drift.length,
        healthScore: score,
        ok,
        driftFiles: drift,
        diagnosticsList: diagnostics,
        ...(reportPath ? { reportFile: displayPath(reportPath, io.cwd) } : {}),
      });
      return exit;
    }
    const { colors } = io;
    const rows: Array<[string, string]> = [
      ['resources', String(resources.length)],
      ['files', String(result.files.length)],
      ['diagnostics', `${diagnostics.length}${diagnostics.length > 0 ? ` (${formatCounts(counts)})` : ''}`],
      ['drift', String(drift.length)],
      ['health score', String(score)],
    ];
    io.out(`${colors.bold(result.model.meta.title)} ${result.model.meta.version} → ${colors.cyan(displayPath(config.outputRoot, io.cwd))}`);
    io.out(...rows.map(([k, v]) => `  ${k.padEnd(13)}${colors.bold(v)}`));
    if (diagnostics.length > 0) io.out('', ...formatDiagnostics(diagnostics, colors));
    if (drift.length > 0) {
      io.out('', colors.bold('Drift:'), ...drift.slice(0, MAX_DRIFT_LINES).map((d) => `  ${d.kind.padEnd(9)}  ${d.path}`));
      if (drift.length > MAX_DRIFT_LINES) io.out(colors.dim(`  … and ${drift.length - MAX_DRIFT_LINES} more (--json lists them all)`));
    }
    for (const section of result.report.sections) io.out('', colors.bold(`${section.title} (${section.plugin})`), ...section.lines.map((l) => `  ${l}`));
    if (reportPath) io.out('', `Report written to ${colors.cyan(displayPath(reportPath, io.cwd))}`);
    if (ok) io.out('', `${colors.green('✔')} check passed`);
    else {
      const why = [drift.length > 0 ? `${drift.length} drifted ${drift.length === 1 ? 'file' : 'files'} (run \`reslayer generate\`)` : '', counts.errors > 0 ? `${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}` : '']
        .filter(Boolean)
        .join(', ');
      io.out('', `${colors.red('✖')} check failed: ${why}`);
    }
    return exit;
  });
}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import type { ResolvedConfig, RunResult } from '@reslayer/core/host';
import { type CheckResult, check, rootRelative } from '@reslayer/engine';
import type { OutputArgs } from '../commands/shared.js';
import { printCheck } from '../format/printCheck.js';
import type { CheckReportData, ReportDrift } from '../format/formatReport.js';
import { resourcesToJson } from '../format/formatResources.js';
import { displayPath, pluginModulesOf, portableRelativePath } from '../format/resolveCliConfig.js';
import { CLI_VERSION } from '../version.js';
import { guardRuns, waitNotice, writeProfile } from './context.js';

/** Arguments of `check`. */
export interface CheckArgs extends OutputArgs {
  /** Where to write the report (`--report <format> --report-file`), relative to the working directory. */
  reportFile?: string | undefined;
  /** The report's format (default `html`). */
  report?: 'html' | 'markdown' | 'json' | undefined;
  /** Exit 1 when the health score is below this (`--min-health-score`). */
  minHealthScore?: number | undefined;
}

/**
 * Runs `check`: resolves the config, runs the engine's `check` (no-change cache or an in-memory run
 * diffed against the disk; it never writes, and reports what an interrupted `generate` left beside the root
 * instead of repairing it) and prints the diagnostics count, the drift, the health score and any interrupted
 * write. `--report html` needs the model, so it turns the cache off and also writes the HTML report.
 * An output root that does not exist is an error (`RSL_OUTPUT_MISSING`, exit 2), not 100 % drift: it
 * usually means another `--output` than `generate` used. With `RESLAYER_PROFILE` set, also writes the
 * run profile (see `writeProfile`). A config with several runs checks each (one report per run: the
 * report file name gets `-<run>` before its extension).
 * @param args parsed command-line arguments
 * @returns 0 when ok, 1 when not, 2 for a config, input or report-writing error or a missing output root
 */
export async function runCheck(args: CheckArgs): Promise<number> {
  return guardRuns('check', args, async (io, config, runNumber) => {
    const skipCache = !args.cache ? '--no-cache' : args.reportFile !== undefined ? `--report ${args.report ?? 'html'} needs the model` : undefined;
    const onWait = waitNotice(displayPath(config.outputRoot, io.cwd));
    const result = await check(config, { skipCache, onPhase: io.phase, onWait, pluginModules: pluginModulesOf(config) });
    await writeProfile(result.profile, io.cwd);
    const reportFile = args.reportFile !== undefined && runNumber > 1 ? numbered(args.reportFile, runNumber) : args.reportFile;
    const reportPath = reportFile !== undefined && result.run ? await writeHtmlReport(reportFile, io.cwd, config, result, result.run, args.report ?? 'html') : undefined;
    io.endProgress();
    return printCheck(io, config.outputRoot, result, reportPath, args.minHealthScore);
  });
}

/** `report.html` → `report-2.html` for the second run of a config. */
function numbered(file: string, run: number): string {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}-${run}${ext}`;
}

/** Most lines of one file's diff shown in the report; the rest is cut with a note. */
const MAX_DIFF_LINES = 400;

/**
 * The unified diff (disk → generated) of every "different" file, for the report.
 * @param config the resolved config
 * @param result what check found
 * @param run the pipeline's result
 */
async function driftWithDiffs(config: ResolvedConfig, result: CheckResult, run: RunResult): Promise<ReportDrift[]> {
  const location = { outputRoot: config.outputRoot, srcDir: config.srcDir };
  const generated = new Map(run.files.map((f) => [rootRelative(location, f), f.contents] as const));
  // Loaded only for a report: a check answered by the no-change cache never needs the diff library.
  const { createTwoFilesPatch } = await import('diff');
  return Promise.all(
    result.drift.map(async (entry): Promise<ReportDrift> => {
      if (entry.kind !== 'different' || !generated.has(entry.path)) return entry;
      const onDisk = await readFile(path.join(config.outputRoot, entry.path), 'utf8').catch(() => '');
      const patch = createTwoFilesPatch(`a/${entry.path}`, `b/${entry.path}`, onDisk, generated.get(entry.path) ?? '', 'on disk', 'generated', { context: 3 });
      const lines = patch.split('\n');
      // The first line of createTwoFilesPatch is a separator ("====…"); the headers follow.
      const body = lines[0]?.startsWith('===') ? lines.slice(1) : lines;
      const cut = body.length > MAX_DIFF_LINES ? [...body.slice(0, MAX_DIFF_LINES), `… ${body.length - MAX_DIFF_LINES} more lines`] : body;
      return { ...entry, diff: cut.join('\n').trimEnd() };
    }),
  );
}

/**
 * Writes the report of a check that ran the pipeline: HTML, markdown (`formatCheckMarkdown`) or JSON (the
 * report data as is). Paths in it are relative to the working
 * directory (the project root), so the report reads the same wherever it is written.
 * @returns the report's absolute path
 * @throws GeneratorError `RSL_WRITE_FAILED` when it cannot be written
 */
async function writeHtmlReport(reportFile: string, cwd: string, config: ResolvedConfig, result: CheckResult, run: RunResult, format: 'html' | 'markdown' | 'json'): Promise<string> {
  const reportPath = path.resolve(cwd, reportFile);
  const data: CheckReportData = {
    title: result.title,
    version: result.version,
    contract: portableRelativePath(config.input, cwd),
    outputRoot: portableRelativePath(config.outputRoot, cwd),
    generator: CLI_VERSION,
    resources: resourcesToJson(run.model),
    files: result.files,
    diagnostics: result.diagnostics,
    drift: await driftWithDiffs(config, result, run),
    healthScore: result.healthScore,
    deductions: result.deductions,
    ok: result.ok,
    sections: result.sections,
  };
  // A report's formatter is loaded only when that report is asked for.
  const text =
    format === 'json'
      ? `${JSON.stringify(data, null, 2)}\n`
      : format === 'markdown'
        ? (await import('../format/formatCheckMarkdown.js')).formatCheckMarkdown(data)
        : (await import('../format/formatReport.js')).formatHtmlReport(data);
  try {
    await mkdir(path.dirname(reportPath), { recursive: true });
    await writeFile(reportPath, text, 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the report ${reportFile}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Choose a --report-file in a folder you can write to.',
    });
  }
  return reportPath;
}

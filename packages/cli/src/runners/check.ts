import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CheckResult, type ResolvedConfig, type RunResult, GeneratorError, check } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { printCheck } from '../format/printCheck.js';
import { type CheckReportData, formatHtmlReport } from '../format/formatReport.js';
import { resourcesToJson } from '../format/formatResources.js';
import { builtinPlugins, portableRelativePath, resolveCliConfig } from '../format/resolveCliConfig.js';
import { CLI_VERSION } from '../version.js';
import { guard, writeProfile } from './context.js';

/** Arguments of `check`. */
export interface CheckArgs extends OutputArgs {
  /** Where to write the HTML report (`--report html --report-file`), relative to the working directory. */
  reportFile?: string | undefined;
}

/**
 * Runs `check`: resolves the config, runs core's `check` protocol (no-change cache or an in-memory run
 * diffed against the disk; it never writes, and reports an interrupted earlier write instead of
 * repairing it) and prints the diagnostics count, the drift, the health score and any interrupted
 * write. `--report html` needs the model, so it turns the cache off and also writes the HTML report.
 * With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 when ok, 1 when not, 2 for a config, input or report-writing error
 */
export async function runCheck(args: CheckArgs): Promise<number> {
  return guard('check', args.json, async (io) => {
    const config = await resolveCliConfig(args, io.cwd);
    const skipCache = !args.cache ? '--no-cache' : args.reportFile !== undefined ? '--report html needs the model' : undefined;
    const result = await check(config, { skipCache, builtins: builtinPlugins(), onPhase: io.phase });
    await writeProfile(result.profile, io.cwd);
    const reportPath = args.reportFile !== undefined && result.run ? await writeHtmlReport(args.reportFile, io.cwd, config, result, result.run) : undefined;
    io.endProgress();
    return printCheck(io, config.outputRoot, result, reportPath);
  });
}

/**
 * Writes the HTML report of a check that ran the pipeline.
 * @returns the report's absolute path
 * @throws GeneratorError `RSL_WRITE_FAILED` when it cannot be written
 */
async function writeHtmlReport(reportFile: string, cwd: string, config: ResolvedConfig, result: CheckResult, run: RunResult): Promise<string> {
  const reportPath = path.resolve(cwd, reportFile);
  const base = path.dirname(reportPath);
  const data: CheckReportData = {
    title: result.title,
    version: result.version,
    contract: portableRelativePath(config.input, base),
    outputRoot: portableRelativePath(config.outputRoot, base),
    generator: CLI_VERSION,
    resources: resourcesToJson(run.model),
    files: result.files,
    diagnostics: result.diagnostics,
    drift: result.drift,
    healthScore: result.healthScore,
    ok: result.ok,
    sections: result.sections,
  };
  try {
    await mkdir(base, { recursive: true });
    await writeFile(reportPath, formatHtmlReport(data), 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the report ${reportFile}: ${(error as Error).message}`, { cause: error });
  }
  return reportPath;
}

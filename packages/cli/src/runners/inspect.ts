import type { InputArgs } from '../commands/shared.js';
import { EXIT_OK } from '../format/formatError.js';
import { formatResources, resourcesToJson } from '../format/formatResources.js';
import { guardRuns, runPipeline } from './context.js';

/**
 * Runs `inspect`: load + detect, then prints every detection record and the totals
 * (or `{ resources, diagnostics }` with `--json`).
 * @param args parsed command-line arguments
 * @returns 0, or 2 for a config or input error
 */
export async function runInspect(args: InputArgs): Promise<number> {
  return guardRuns('inspect', args, async (io, config) => {
    const result = await runPipeline(config, io, { skipEmit: true });
    io.endProgress();
    const { model } = result;
    const diagnostics = result.diagnostics.list();
    if (io.json) {
      io.outJson({
        contract: { title: model.meta.title, version: model.meta.version, openapi: model.meta.openapi },
        resources: resourcesToJson(model),
        totals: { resources: model.resources.length, operations: model.operations.length },
        diagnostics,
      });
      return EXIT_OK;
    }
    io.out(...formatResources(model, io.colors, diagnostics));
    for (const section of result.report.sections) io.out('', io.colors.bold(`${section.title} (${section.plugin})`), ...section.lines.map((l) => `  ${l}`));
    return EXIT_OK;
  });
}

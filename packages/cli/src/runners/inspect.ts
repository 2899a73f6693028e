import type { InputArgs } from '../commands/shared.js';
import { EXIT_OK } from '../format/formatError.js';
import { formatInspect, INSPECT_WIDTH, resourcesToJson } from '../format/formatResources.js';
import { ellipsis } from '../format/table.js';
import { guardRuns, runPipeline } from './context.js';

/** Arguments of `inspect`. */
export interface InspectArgs extends InputArgs {
  /** List every operation with its method name, role and why. */
  operations: boolean;
}

/**
 * Runs `inspect`: load + detect, then prints a summary of the resources and the totals, and with `--operations`
 * every operation and why detection gave it its role (or `{ resources, diagnostics }`, operations included, with
 * `--json`).
 * @param args parsed command-line arguments
 * @returns 0, or 2 for a config or input error
 */
export async function runInspect(args: InspectArgs): Promise<number> {
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
    io.out(...formatInspect(model, io.colors, diagnostics, args.operations));
    for (const section of result.report.sections) io.out('', io.colors.bold(`${section.title} (${section.plugin})`), ...section.lines.map((l) => `  ${ellipsis(l, INSPECT_WIDTH - 2)}`));
    return EXIT_OK;
  });
}

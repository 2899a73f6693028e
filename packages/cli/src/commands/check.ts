import type { CommandModule } from 'yargs';
import { type Done, inputOptions, outputOption, pickInput } from './shared.js';

/**
 * `reslayer check`: compares the files on disk with a fresh in-memory generation.
 * @param done receives the exit code
 */
export function checkCommand(done: Done): CommandModule {
  return {
    command: 'check [contract]',
    describe: 'Check the generated files for drift and report the health score (exit 1 when not ok)',
    builder: (y) =>
      outputOption(inputOptions(y))
        .option('report', { type: 'string', choices: ['html', 'markdown', 'json'], requiresArg: true, describe: 'Also write a report in this format (markdown: for a PR comment)' })
        .option('report-file', { type: 'string', requiresArg: true, describe: 'Where to write the report (relative to the working directory)' })
        .option('min-health-score', { type: 'number', requiresArg: true, describe: 'Also fail (exit 1) when the health score is below this (0 to 100)' })
        .check((argv) => {
          if (argv.report !== undefined && argv['report-file'] === undefined) throw new Error(`--report ${String(argv.report)} needs --report-file <path>`);
          if (argv['report-file'] !== undefined && argv.report === undefined) throw new Error('--report-file needs --report html, markdown or json');
          const min = argv['min-health-score'];
          if (min !== undefined && (typeof min !== 'number' || Number.isNaN(min) || min < 0 || min > 100)) throw new Error('--min-health-score takes a number from 0 to 100');
          return true;
        })
        .example('$0 check --config examples/public-crm/generator.config.ts', 'Check the demo output')
        .example('$0 check --config generator.config.ts --report html --report-file check.html', 'Also write an HTML report')
        .example('$0 check --report markdown --report-file check.md --min-health-score 90', 'CI: a markdown summary, and fail below 90'),
    handler: async (argv) => {
      const { runCheck } = await import('../runners/check.js');
      const reportFile = typeof argv['reportFile'] === 'string' ? argv['reportFile'] : undefined;
      const report = typeof argv['report'] === 'string' ? (argv['report'] as 'html' | 'markdown' | 'json') : undefined;
      const minHealthScore = typeof argv['minHealthScore'] === 'number' ? argv['minHealthScore'] : undefined;
      done(await runCheck({ ...pickInput(argv), reportFile, report, minHealthScore }));
    },
  };
}

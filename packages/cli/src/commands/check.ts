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
        .option('report', { type: 'string', choices: ['html'], requiresArg: true, describe: 'Also write a report in this format' })
        .option('report-file', { type: 'string', requiresArg: true, describe: 'Where to write the report (relative to the working directory)' })
        .check((argv) => {
          if (argv.report !== undefined && argv['report-file'] === undefined) throw new Error('--report html needs --report-file <path>');
          if (argv['report-file'] !== undefined && argv.report === undefined) throw new Error('--report-file needs --report html');
          return true;
        })
        .example('$0 check --config examples/public-crm/generator.config.ts', 'Check the demo output')
        .example('$0 check --config generator.config.ts --report html --report-file check.html', 'Also write an HTML report'),
    handler: async (argv) => {
      const { runCheck } = await import('../runners/check.js');
      const reportFile = typeof argv['reportFile'] === 'string' ? argv['reportFile'] : undefined;
      done(await runCheck({ ...pickInput(argv), reportFile }));
    },
  };
}

import type { CommandModule } from 'yargs';
import { type Done, inputOptions, outputOption, pickInput } from './shared.js';

/**
 * `reslayer generate`: runs every plugin and writes the generated files.
 * @param done receives the exit code
 */
export function generateCommand(done: Done): CommandModule {
  return {
    command: 'generate [contract]',
    describe: 'Generate the resource layer and write it to the output root',
    builder: (y) =>
      outputOption(inputOptions(y))
        .option('dry-run', { type: 'boolean', default: false, describe: 'Write nothing; list what would be created, updated or removed' })
        .example('$0 generate --config examples/public-crm/generator.config.ts', 'Generate with a config file')
        .example('$0 generate ./openapi.yaml --output ./out', 'Generate with the built-in plugins')
        .example('$0 generate --config generator.config.ts --dry-run', 'Preview the changes'),
    handler: async (argv) => {
      const { runGenerate } = await import('../runners/generate.js');
      done(await runGenerate({ ...pickInput(argv), dryRun: argv['dryRun'] === true }));
    },
  };
}

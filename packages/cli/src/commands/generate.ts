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
        .option('watch', {
          alias: 'w',
          type: 'boolean',
          default: false,
          describe: 'Keep running: regenerate when the contract (any of its files) or the config changes; Ctrl-C stops',
        })
        .check((argv) => {
          if (argv.watch === true && argv['dry-run'] === true) throw new Error('--watch writes on every change; it does not go with --dry-run');
          if (argv.watch === true && argv['json'] === true) throw new Error('--watch prints a report per change; it does not go with --json');
          return true;
        })
        .example('$0 generate --config examples/public-crm/generator.config.ts', 'Generate with a config file')
        .example('$0 generate ./openapi.yaml --output ./out', 'Generate with the built-in plugins')
        .example('$0 generate --config generator.config.ts --dry-run', 'Preview the changes')
        .example('$0 generate --watch', 'Regenerate on every save (config found from the working directory)'),
    handler: async (argv) => {
      const { runGenerate } = await import('../runners/generate.js');
      done(await runGenerate({ ...pickInput(argv), dryRun: argv['dryRun'] === true, watch: argv['watch'] === true }));
    },
  };
}

import type { CommandModule } from 'yargs';
import type { Done } from './shared.js';

/**
 * `reslayer explain`: what a diagnostic or error code means, why it matters and how to fix it.
 * @param done receives the exit code
 */
export function explainCommand(done: Done): CommandModule {
  return {
    command: 'explain [code]',
    describe: 'Explain a diagnostic or error code (e.g. RSL_RESOURCE_PARTIAL); without one, list every code',
    builder: (y) =>
      y
        .positional('code', { type: 'string', describe: 'The code, e.g. RSL_INPUT_SYNTAX (case and the RSL_ prefix are optional)' })
        .option('json', { type: 'boolean', default: false, describe: 'Print machine-readable JSON on stdout' })
        .example('$0 explain RSL_RESOURCE_PARTIAL', 'What a partial CRUD resource is and what to do')
        .example('$0 explain', 'List every code'),
    handler: async (argv) => {
      const { runExplain } = await import('../runners/explain.js');
      done(await runExplain({ code: typeof argv['code'] === 'string' ? argv['code'] : undefined, json: argv['json'] === true }));
    },
  };
}

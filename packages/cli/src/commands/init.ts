import type { CommandModule } from 'yargs';
import { VENDOR_DIR } from '../installHint.js';
import type { Done } from './shared.js';

/**
 * `reslayer init`: writes a commented `generator.config.ts` next to the contract.
 * @param done receives the exit code
 */
export function initCommand(done: Done): CommandModule {
  return {
    command: 'init [contract]',
    describe: 'Write a commented generator.config.ts next to the contract (found in the working directory when not given)',
    builder: (y) =>
      y
        .positional('contract', {
          type: 'string',
          describe: 'OpenAPI contract; default: openapi.{yaml,yml,json}, swagger.{yaml,yml,json} or one *.openapi.{yaml,yml,json} in the working directory',
        })
        .option('output', {
          alias: 'o',
          type: 'string',
          requiresArg: true,
          default: './src/api',
          describe: 'Output root written into the config (relative to the config file)',
        })
        .option('packs', {
          type: 'string',
          requiresArg: true,
          describe: `Folder of the tarballs \`pnpm pack:all\` wrote (<clone>/.packs): copy them into ${VENDOR_DIR}/ and name them in package.json as relative file: dependencies`,
        })
        .option('force', { type: 'boolean', default: false, describe: 'Overwrite an existing generator.config.ts' })
        .option('json', { type: 'boolean', default: false, describe: 'Print machine-readable JSON on stdout' })
        .example('$0 init', 'Find the contract in the working directory and write generator.config.ts next to it')
        .example('$0 init --packs ../reslayer/.packs', 'Also vendor the packed packages into this project (before they are published)')
        .example('$0 init api/openapi.yaml --output ../web/src/api', 'Use this contract and output root'),
    handler: async (argv) => {
      const { runInit } = await import('../runners/init.js');
      const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
      done(await runInit({ contract: str(argv['contract']), output: str(argv['output']) ?? './src/api', force: argv['force'] === true, packs: str(argv['packs']), json: argv['json'] === true }));
    },
  };
}

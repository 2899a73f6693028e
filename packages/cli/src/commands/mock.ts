import type { CommandModule } from 'yargs';
import { type Done, inputOptions, pickInput } from './shared.js';

/** The mock scenarios (as `@reslayer/runtime/mocks` names them), for `--scenario`. */
const SCENARIOS = ['success', 'empty', 'error', 'slow'] as const;

/**
 * `reslayer mock`: serves the MSW handlers `generate` wrote into the output root over HTTP, until Ctrl-C.
 * @param done receives the exit code
 */
export function mockCommand(done: Done): CommandModule {
  return {
    command: 'mock [contract]',
    describe: 'Serve the generated MSW mocks over HTTP (stateful; CORS; POST /__reslayer/reset restores the fixtures; Ctrl-C stops)',
    builder: (y) =>
      inputOptions(y)
        .option('output', { alias: 'o', type: 'string', requiresArg: true, describe: 'Output root that `generate` wrote, when run with a contract argument', defaultDescription: './generated' })
        .option('port', { alias: 'p', type: 'number', default: 4010, requiresArg: true, describe: 'Port to listen on (0: any free port, printed at start)' })
        .option('host', { type: 'string', default: '127.0.0.1', requiresArg: true, describe: 'Address to listen on (0.0.0.0: every interface)' })
        .option('scenario', { type: 'string', choices: [...SCENARIOS], default: 'success', describe: 'How the handlers answer: fixtures and store, empty lists, the error status, or success after the slow delay' })
        .option('delay', { type: 'number', default: 0, requiresArg: true, describe: 'Milliseconds to wait before every answer' })
        .option('seed', { type: 'number', requiresArg: true, describe: 'Serve the mocks generated anew, in a temporary folder, with this seed of the fixture values (names, e-mails, URLs, words…); 0: as generate makes them' })
        .check((argv) => {
          const port = argv.port;
          if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port takes a whole number from 0 to 65535');
          const delay = argv.delay;
          if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > 600_000) throw new Error('--delay takes a whole number of milliseconds from 0 to 600000');
          if (argv.seed !== undefined && !(Number.isInteger(argv.seed) && argv.seed >= 0 && argv.seed <= 2_147_483_647)) throw new Error('--seed takes a whole number from 0 to 2147483647');
          return true;
        })
        .example('$0 mock --config examples/public-crm/generator.config.ts', 'Serve the demo on http://127.0.0.1:4010')
        .example('$0 mock ./openapi.yaml --output ./generated --port 0', 'Serve a contract-only output on a free port')
        .example('curl -X POST http://127.0.0.1:4010/__reslayer/reset', 'Restore the fixtures'),
    handler: async (argv) => {
      const { runMock } = await import('../runners/mock.js');
      const seed = typeof argv['seed'] === 'number' ? argv['seed'] : undefined;
      done(
        await runMock({
          ...pickInput(argv),
          port: argv['port'] as number,
          host: argv['host'] as string,
          scenario: argv['scenario'] as string,
          delayMs: argv['delay'] as number,
          seed,
        }),
      );
    },
  };
}

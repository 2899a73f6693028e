import type { CommandModule } from 'yargs';
import type { Done } from './shared.js';

/** Values of `--fail-on`: the least level of change that makes `diff` exit 1. */
export const FAIL_ON = ['breaking', 'possibly-breaking', 'never'] as const;

/**
 * `reslayer diff`: the changes between two contracts, classified, and their impact on the generated layer.
 * @param done receives the exit code
 */
export function diffCommand(done: Done): CommandModule {
  return {
    command: 'diff [old] [new]',
    describe: 'Compare two contracts (or the contract with a git ref): breaking changes and the generated symbols they affect',
    builder: (y) =>
      y
        .positional('old', { type: 'string', describe: 'Old contract (with --base: the new contract, read from the working tree)' })
        .positional('new', { type: 'string', describe: 'New contract' })
        .option('base', { type: 'string', requiresArg: true, describe: 'Read the old contract (every file it references) from this git ref, e.g. origin/main' })
        .option('config', {
          alias: 'c',
          type: 'string',
          requiresArg: true,
          describe: 'generator.config.ts: its plugins and output (and, with --base, its contract). Default: found from the working directory upwards, as generate finds it; without one, the four built-in plugins and ./generated',
        })
        .option('json', { type: 'boolean', default: false, describe: 'Print machine-readable JSON on stdout' })
        .option('report', { type: 'string', choices: ['markdown', 'html'], requiresArg: true, describe: 'Also write a report: markdown (for a PR comment) or html' })
        .option('report-file', { type: 'string', requiresArg: true, describe: 'Where to write the report; without it, --report markdown prints the markdown on stdout instead of the text' })
        .option('docs', { type: 'boolean', default: false, describe: 'Also list documentation changes (description, example, examples, summary, title); without it they are counted, not listed' })
        .option('fail-on', { type: 'string', choices: [...FAIL_ON], default: 'breaking', describe: 'Exit 1 when a change of this level (or worse) is found; never: always exit 0' })
        .check((argv) => {
          const given = [argv.old, argv.new].filter((x) => typeof x === 'string' && x !== '').length;
          if (argv.base === undefined && given !== 2) throw new Error('pass two contracts (`reslayer diff old.yaml new.yaml`), or --base <git ref> with the new contract or a config');
          if (argv.base !== undefined && given > 1) throw new Error('with --base, pass at most one contract (the new one); the old one is read from git');
          if (argv.base !== undefined && given === 1 && argv.config !== undefined) throw new Error('with --base, pass either the new contract or --config, not both');
          if (argv.report === 'html' && argv['report-file'] === undefined) throw new Error('--report html needs --report-file <path>');
          if (argv['report-file'] !== undefined && argv.report === undefined) throw new Error('--report-file needs --report markdown or --report html');
          if (argv.json === true && argv.report === 'markdown' && argv['report-file'] === undefined) throw new Error('--json and --report markdown both print on stdout: add --report-file <path>');
          return true;
        })
        .example('$0 diff old.yaml new.yaml', 'Compare two contract files (with the plugins and output of the project\'s config)')
        .example('$0 diff --base origin/main --config generator.config.ts', 'Compare the config\'s contract with the one on origin/main')
        .example('$0 diff --base origin/main openapi.yaml --report markdown --report-file diff.md', 'Write a PR comment')
        .example('$0 diff old.yaml new.yaml --fail-on possibly-breaking', 'Also fail on possibly breaking changes'),
    handler: async (argv) => {
      const { runDiff } = await import('../runners/diff.js');
      const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
      done(
        await runDiff({
          old: str(argv['old']),
          new: str(argv['new']),
          base: str(argv['base']),
          config: str(argv['config']),
          json: argv['json'] === true,
          report: str(argv['report']) as 'markdown' | 'html' | undefined,
          reportFile: str(argv['reportFile']),
          failOn: (str(argv['failOn']) ?? 'breaking') as (typeof FAIL_ON)[number],
          docs: argv['docs'] === true,
        }),
      );
    },
  };
}

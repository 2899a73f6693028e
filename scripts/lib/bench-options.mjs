// Command-line options of the benchmark (scripts/bench.mjs): parsing and the usage text.
import path from 'node:path';
import { BENCH, DEFAULT_SIZES, REPEAT_LIMIT_MS } from './bench-context.mjs';

export function parseArgs(argv) {
  const opts = { smoke: false, only: ['demo', 'synthetic', 'github', 'diff', 'write', 'pairs', 'fanout'], sizes: DEFAULT_SIZES, compare: true, repeat: 3, tscTimeout: 300, out: undefined, against: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--smoke') opts.smoke = true;
    else if (a === '--no-compare') opts.compare = false;
    else if (a === '--only') opts.only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--sizes') opts.sizes = value().split(',').map((s) => Number(s.trim().replace(/_/g, '')));
    else if (a === '--repeat') opts.repeat = Number(value());
    else if (a === '--tsc-timeout') opts.tscTimeout = Number(value());
    else if (a === '--out') opts.out = value();
    else if (a === '--against') opts.against = path.resolve(value());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  for (const o of opts.only) if (!['demo', 'synthetic', 'github', 'diff', 'write', 'pairs', 'fanout', 'graph'].includes(o)) usage(`--only takes demo, synthetic, github, diff, write, pairs, fanout, graph; got ${o}`);
  for (const n of opts.sizes) if (!Number.isInteger(n) || n < 1) usage(`--sizes takes positive integers; got ${n}`);
  if (!Number.isInteger(opts.repeat) || opts.repeat < 1) usage('--repeat takes a positive integer');
  if (!(opts.tscTimeout > 0)) usage('--tsc-timeout takes a number of seconds');
  if (opts.smoke) Object.assign(opts, { only: ['demo', 'synthetic'], sizes: [100], compare: false, repeat: 1 });
  opts.out = path.resolve(opts.out ?? path.join(BENCH, opts.smoke ? 'results.smoke.json' : 'results.json'));
  return opts;
}

function usage(error) {
  const text = [
    'usage: node scripts/bench.mjs [--smoke] [--only demo,synthetic,github] [--sizes 10,100,1000,5000]',
    '                              [--no-compare] [--repeat N] [--tsc-timeout S] [--against <checkout>] [--out file.json]',
    '  --smoke       the demo (with its < 0.5 s targets) and the synthetic N=100 input, no network, no comparison tools (CI)',
    '  --only        inputs to run (default: the first seven; diff: reslayer diff on the GitHub contract with one operation removed;',
    '                fanout: $ref fan-out contracts W × W for W up to 12, each ≤ 5 s and ≤ 300 MB;',
    '                graph: Microsoft Graph beta cut to 1,000 and 5,000 operations and whole, CPU per operation by phase',
    '                (not in the default; needs the APIs.guru directory, or RESLAYER_GRAPH_BETA; several minutes);',
    '                write: generate killed during its write on GitHub\'s contract;',
    '                pairs: side by side on GitHub\'s contract, this build with and without the no-change cache,',
    '                and with --against, this build against another checkout\'s build)',
    '  --against     a checkout (its packages/cli/dist built) to time side by side with this build (pairs)',
    '  --sizes       synthetic sizes (default: 10,100,1000,5000)',
    '  --no-compare  skip orval, openapi-typescript and the tsc runs over orval\'s output',
    `  --repeat      runs per measurement, the median is reported (default 3; runs over ${REPEAT_LIMIT_MS / 1000} s are not repeated)`,
    '  --tsc-timeout seconds after which a tsc run is stopped and reported as timed out (default 300)',
    '  --out         where the JSON goes (default .bench/results.json, .bench/results.smoke.json with --smoke)',
  ].join('\n');
  if (error) {
    process.stderr.write(`bench: ${error}\n${text}\n`);
    process.exit(2);
  }
  process.stdout.write(`${text}\n`);
  process.exit(0);
}

// Type fidelity on real contracts (those of fixtures/corpus, or of the folder RESLAYER_CORPUS names, with at most
// MAX_OPS operations; `pnpm corpus` runs a whole corpus folder the same way): the built CLI (`pnpm build` first)
// generates each into `.fixtures-out/corpus-<name>/`, and then
// - no exported type alias, union member or property of the output resolves to `never` (test/utils/neverTypes.ts:
//   the checker is the judge; members written `never` on purpose are exempt);
// - the usage probe (test/utils/usageProbe.ts) assigns every success fixture of the generated mocks to its
//   operation's `<Op>Response`, and every JSON request and success response example of the contract that its own
//   schema accepts (ajv, as test/runtime/mock-schemas.test.ts validates) to `<Op>Payload` / `<Op>Response`; the
//   output and the probe type-check with TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess,
//   exactOptionalPropertyTypes) and no probe fails.
// Large contracts (2,000 to 5,200 files each) are left to `pnpm corpus`: here they would add about two minutes.
import path from 'node:path';
import { corpusSpecs } from '../helpers/corpus.js';
import { generate, type Generation } from '../helpers/cli.js';
import { formatNeverFindings, neverTypesIn } from '../utils/neverTypes.js';
import { createContractValidator } from '../runtime/mocks-helpers/schemas.js';
import { generatedTsconfig, runTsc, TSC_59, TSC_7, writeTsconfig } from '../utils/typecheck.js';
import { PROBE_FILE, tallyProbe, writeUsageProbe, type UsageProbe, type ValidatorFactory } from '../utils/usageProbe.js';

/** Contracts with at most this many operations run here. */
const MAX_OPS = 50;

const small = corpusSpecs().filter((s) => (s.stats?.ops ?? Infinity) <= MAX_OPS);

it(`runs the corpus contracts with at most ${MAX_OPS} operations`, () => {
  expect(small.length).toBeGreaterThan(0);
});

const validator: ValidatorFactory = (document, view) => createContractValidator(document, view);

for (const spec of small) {
  describe(`corpus fidelity: ${spec.name}`, () => {
    const contract = spec.file;
    let g: Generation;
    let probe: UsageProbe;

    beforeAll(async () => {
      g = generate(`corpus-${spec.name}`, contract);
      if (g.run.status !== 0) throw new Error(`generate failed (exit ${String(g.run.status)}):\n${g.run.stderr}`);
      probe = await writeUsageProbe({ contract, outDir: g.outDir, createValidator: validator });
    }, 120_000);

    it('no exported type collapses to never', () => {
      const probeFile = path.join(g.outDir, PROBE_FILE);
      expect(formatNeverFindings(neverTypesIn(g.outDir, undefined, (f) => f === probeFile))).toEqual([]);
    });

    it.each([
      ['tsc 5.9', TSC_59],
      ['TypeScript 7', TSC_7],
    ])('the output and the usage probe type-check with %s', (_label, compiler) => {
      const run = runTsc(compiler, writeTsconfig(path.join(g.outDir, 'tsconfig.json'), generatedTsconfig()));
      const tally = tallyProbe(probe, run.stdout);
      // Errors of the output itself, then probes that fail, each with the compiler's message.
      expect(run.errors.filter((e) => !e.includes(path.basename(PROBE_FILE)))).toEqual([]);
      expect(tally.stray).toEqual([]);
      expect(tally.failures.map((f) => `${f.kind} ${f.operation} (${f.source}): ${f.messages.join(' ')}`)).toEqual([]);
      const counts = Object.entries(tally.byKind).map(([kind, c]) => `${kind} ${c.probed - c.failed}/${c.probed}`);
      const invalid = probe.invalid.length > 0 ? `, ${probe.invalid.length} invalid example(s) not probed` : '';
      console.log(`corpus fidelity: ${spec.name} (${_label}): ${counts.join(', ')}${invalid}`);
    });

    if (spec.expect === 'generate' && (spec.stats?.ops ?? 0) > 0) {
      it('probes at least one fixture', () => {
        expect(probe.entries.filter((e) => e.kind === 'fixture').length).toBeGreaterThan(0);
      });
    }
  });
}

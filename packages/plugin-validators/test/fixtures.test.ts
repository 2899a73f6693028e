// Fixtures pass the validators: for the demo and the small corpus contracts, with zod AND valibot,
// 1. every generated mock fixture whose type has a schema parses with it (scripts/lib/validators.mjs), and
// 2. every client method, called against the generated MSW handlers (its own resource's handlers only, under
//    msw/node) with `validate: 'both'`, sends a request its schemas accept and gets a mock response they accept.
// Counts per contract and library are printed. The big corpus contracts (immich, box, openai, digitalocean)
// run the fixture check in `pnpm corpus --validators` instead (this test stays within a few minutes).
import path from 'node:path';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { configureClient, isApiError, isValidationError, resetClientConfig, clearValidators } from '@reslayer/runtime';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '@reslayer/plugin-mocks/naming';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { checkFixtures } from '../../../scripts/lib/validators.mjs';
import { corpusSpec } from '../../../test/helpers/corpus.js';
import { planCalls, type PlannedCall } from '../../../test/runtime/helpers/calls.js';
import { DEMO_CONTRACT, generateLayer, importModule, LIBRARIES } from './helpers.js';

/** Corpus contracts (fixtures/corpus, or RESLAYER_CORPUS) checked here; the larger ones run in `pnpm corpus --validators`. */
const CORPUS_CASES = ['oai-petstore', 'oai-petstore-expanded', 'oai-petstore-expanded-swagger2', 'swagger-petstore-v3', 'realworld-conduit', 'redoc-petstore-3.1', 'redocly-cafe-multifile'];

interface Case {
  name: string;
  contract?: string;
  skip?: string;
}

function cases(): Case[] {
  return [
    { name: 'public-crm', contract: DEMO_CONTRACT },
    ...CORPUS_CASES.map((name) => {
      const spec = corpusSpec(name);
      return 'missing' in spec ? { name, skip: spec.missing } : { name, contract: spec.file };
    }),
  ];
}

/**
 * Mock responses the schemas rightly reject (plugin-mocks bugs the validators found), keyed `<case> <METHOD path>`,
 * with the reason. The call must still fail: a fixed bug makes the test fail until its entry is removed.
 */
const KNOWN: Readonly<Record<string, string>> = {};

const table = cases().flatMap((c) => LIBRARIES.map((library) => [c.name, library, c] as const));
const report: string[] = [];

afterAll(() => {
  console.log(`plugin-validators fixtures and mock responses:\n${report.join('\n')}`);
  resetClientConfig();
  clearValidators();
});

describe.each(table)('%s with %s', (name, library, c) => {
  if (!c.contract) {
    it.skip(`skipped: ${c.skip ?? ''}`, () => undefined);
    return;
  }
  const contract = c.contract;

  it('every fixture and every mock response parses; every sampled request is accepted', async () => {
    const { srcDir } = await generateLayer(`fixtures-${name}-${library}`, contract, { library });
    // Registrations happen when a schemas module is first imported (by the fixture check or below).
    clearValidators();
    const fixtures = await checkFixtures(srcDir, importModule);
    const plan = await planCalls(contract);
    const server = setupServer();
    server.listen({ onUnhandledFrame: 'error' });
    resetClientConfig();
    configureClient({ baseUrl: 'http://localhost', validate: 'both', headers: plan.security.headers, ...(plan.security.auth ? { auth: plan.security.auth } : {}) });
    const failures: string[] = [];
    let validated = 0;
    let errors = 0;
    const unsampled: string[] = [];
    let known = 0;
    try {
      const byResource = new Map<string, PlannedCall[]>();
      for (const call of plan.calls) byResource.set(call.resource, [...(byResource.get(call.resource) ?? []), call]);
      for (const [resource, calls] of byResource) {
        const r = { resource };
        await importModule(path.join(srcDir, validatorNaming.schemasFile(r)));
        const mocks = await importModule(path.join(srcDir, mocksNaming.indexFile(r)));
        const client = (await importModule(path.join(srcDir, clientNaming.clientFile(r))))[clientNaming.clientObject(r)] as Record<string, (...a: unknown[]) => Promise<unknown>>;
        const create = mocks[mocksNaming.handlersFactory(r)] as (o: { baseUrl: string }) => HttpHandler[];
        const store = Object.values(mocks).find((v): v is Map<string, unknown> => v instanceof Map);
        server.resetHandlers(...create({ baseUrl: 'http://localhost' }));
        for (const call of calls) {
          let args: unknown[];
          try {
            args = call.args();
          } catch (error) {
            // The test's sampler cannot build some values (e.g. a pattern of lookaheads only): not the validators' doing.
            unsampled.push(`${call.key}: ${error instanceof Error ? error.message : String(error)}`);
            continue;
          }
          // Address an entity the store holds, so item operations answer their success response.
          const key = store?.keys().next().value;
          if (key !== undefined && call.signature.pathArgs.length > 0) args[call.signature.pathArgs.length - 1] = key;
          const id = `${name} ${call.key}`;
          try {
            await client[call.method]?.(...args);
            validated++;
            if (KNOWN[id] !== undefined) failures.push(`KNOWN["${id}"] no longer fails (${KNOWN[id]}): remove the entry`);
          } catch (error) {
            if (isValidationError(error)) {
              if (KNOWN[id] === undefined) failures.push(`${call.label}: ${error.message}`);
              else known++;
            } else if (isApiError(error)) errors++;
            else failures.push(`${call.label}: ${String(error)}`);
          }
        }
      }
    } finally {
      server.close();
    }
    report.push(
      `  ${name} (${library}): fixtures ${fixtures.values - fixtures.failures.length}/${fixtures.values} values valid in ${fixtures.checked} fixtures (${fixtures.skipped} error-body fixtures not covered${fixtures.casts > 0 ? `, ${fixtures.casts} cast fixtures of types without values not checked` : ''}); ` +
        `calls ${validated}/${plan.calls.length} validated both ways` +
        `${errors > 0 ? `, ${errors} answered an error status` : ''}${known > 0 ? `, ${known} known mock bug(s)` : ''}${unsampled.length > 0 ? `, ${unsampled.length} not sampled by the test (${unsampled.join('; ')})` : ''}; ` +
        `${failures.length + fixtures.failures.length} failure(s)`,
    );
    expect(fixtures.failures).toEqual([]);
    expect(failures).toEqual([]);
    expect(fixtures.values).toBeGreaterThan(0);
  });
});

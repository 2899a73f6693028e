import path from 'node:path';
import { runGenerator } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginMocks } from '@reslayer/plugin-mocks';
import { DEMO_CONTRACT, REPO_ROOT } from './helpers.js';

// `lint` (detection without emitting) names every operation of a CRUD resource the mocks' store cannot serve.

const lint = async (input: string, code = 'RSL_MOCK_STATELESS') => {
  const result = await runGenerator({ input, outputRoot: path.join(REPO_ROOT, '.runtime-out/unused'), srcDir: 'src', plugins: [pluginClient(), pluginMocks()], allowRemoteRefs: false }, { skipEmit: true });
  return result.diagnostics.list().filter((d) => d.code === code);
};

describe('RSL_MOCK_STATELESS', () => {
  it('names the list whose items are neither the entity nor a summary of it (no key, a property of another kind)', async () => {
    const found = await lint(path.join(REPO_ROOT, 'packages/plugin-mocks/test/fixtures/not-summary.yaml'));
    expect(found.map((d) => [d.severity, d.location, d.plugin])).toEqual([['warning', '#/paths/~1logs/get', 'plugin-mocks']]);
    expect(found[0]?.message).toBe('plugin-mocks: listLogEntries (GET /logs) answers a fixed fixture, not the store of `logs`: its items are neither the entity of getLogEntry nor a summary of it');
    expect(found[0]?.hint).toContain('reslayer explain RSL_MOCK_STATELESS');
  });

  it('finds nothing where the list items carry the key, even with a property the entity lacks (sampled)', async () => {
    expect(await lint(path.join(REPO_ROOT, 'fixtures/openapi/roundtrip/envelopes.yaml'))).toEqual([]);
  });

  it('finds nothing where a list and a create without a read keep a store of the list items', async () => {
    expect(await lint(path.join(REPO_ROOT, 'packages/plugin-mocks/test/fixtures/store-shapes.yaml'))).toEqual([]);
  });

  it('finds nothing to say about the demo, whose every CRUD operation the store serves', async () => {
    expect(await lint(DEMO_CONTRACT)).toEqual([]);
  });
});

describe('RSL_MOCK_LIST_PARAM', () => {
  it('names the query parameters a store-backed list ignores (not the paging, filter, free text or sort ones), in one info', async () => {
    const found = await lint(path.join(REPO_ROOT, 'packages/plugin-mocks/test/fixtures/list-params.yaml'), 'RSL_MOCK_LIST_PARAM');
    expect(found.map((d) => [d.severity, d.location])).toEqual([['info', '#/paths/~1things/get']]);
    expect(found[0]?.message).toBe('plugin-mocks: listThings (GET /things) ignores the query parameters `expand`, `since`: the store cannot honour them');
    expect(found[0]?.hint).toContain('reslayer explain RSL_MOCK_LIST_PARAM');
  });

  it('finds none on the demo, whose lists honour every parameter (page, pageSize, q, status, companyId, sort, industry)', async () => {
    expect(await lint(DEMO_CONTRACT, 'RSL_MOCK_LIST_PARAM')).toEqual([]);
  });
});

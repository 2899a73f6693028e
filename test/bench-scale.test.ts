// The Graph beta rows of `pnpm bench --only graph` (scripts/lib/bench-scale.mjs): CPU per phase from a profile, CPU
// per operation and its spread across sizes, the PASS/FAIL rows, and a SKIP when the contract is missing.
import { jest } from '@jest/globals';
import { benchGraph, graphTargets, perOperation, phaseCpu, type GraphSize } from '../scripts/lib/bench-scale.mjs';

describe('bench-scale', () => {
  it('sums the taps of a phase by plugin, keeps load and normalize as they are, and adds the write', () => {
    const profile = {
      phases: [
        { hook: 'load', plugin: 'core', cpuMs: 10 },
        { hook: 'normalize', plugin: 'core', cpuMs: 20 },
        { hook: 'emit', plugin: 'plugin-client', cpuMs: 5 },
        { hook: 'emit', plugin: 'plugin-client', cpuMs: 7 },
        { hook: 'detect', plugin: 'plugin-mocks', cpuMs: 3 },
      ],
      writeCpuMs: 40,
    };
    expect(phaseCpu(profile)).toEqual({ load: 10, normalize: 20, 'emit plugin-client': 12, 'detect plugin-mocks': 3, write: 40 });
  });

  it('gives µs per operation and the largest ÷ smallest of each phase', () => {
    const rows = perOperation([
      { operations: 1000, cpu: { load: 100, write: 300 } },
      { operations: 4000, cpu: { load: 200, write: 1200 } },
    ]);
    expect(rows).toEqual([
      { phase: 'load', perOp: [100, 50], spread: 2 },
      { phase: 'write', perOp: [300, 300], spread: 1 },
    ]);
  });

  const size = (operations: number, cpu: Record<string, number>, over: Partial<GraphSize> = {}): GraphSize => ({
    label: `${operations} operations`, operations, files: 1, code: 0, wallMs: 10_000, cpuMs: 1, rssKb: 500 * 1024, cpu, ...over,
  });
  const targets = (result: Parameters<typeof graphTargets>[0]) => {
    const lines: Array<[string, unknown, unknown, string]> = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    graphTargets(result, (name, measured, pass, detail) => (lines.push([name, measured, pass, detail]), 'x'));
    write.mockRestore();
    return lines.map(([name, measured, pass]) => [name.split(':')[0], measured ? (pass ? 'PASS' : 'FAIL') : 'SKIP']);
  };

  it('passes within 15 s, 1 GB and a 1.5× spread, and fails past any of them', () => {
    const even = [size(1000, { load: 100 }), size(22000, { load: 2200 })];
    expect(targets({ sizes: even })).toEqual([['Microsoft Graph beta fresh generate', 'PASS'], ['Graph beta', 'PASS']]);
    const slow = [size(1000, { load: 100 }), size(22000, { load: 2200 }, { wallMs: 16_000 })];
    expect(targets({ sizes: slow })[0]).toEqual(['Microsoft Graph beta fresh generate', 'FAIL']);
    const big = [size(1000, { load: 100 }), size(22000, { load: 2200 }, { rssKb: 1025 * 1024 })];
    expect(targets({ sizes: big })[0]).toEqual(['Microsoft Graph beta fresh generate', 'FAIL']);
    const uneven = [size(1000, { load: 100 }), size(22000, { load: 4400 })];
    expect(targets({ sizes: uneven })[1]).toEqual(['Graph beta', 'FAIL']);
  });

  it('says SKIP for both rows when the contract is missing', () => {
    const result = benchGraph({ runOurs: () => ({}), scratch: '/nonexistent/scratch', contract: '/nonexistent/graph-beta.json' });
    expect(result).toEqual({ skipped: expect.stringContaining('/nonexistent/graph-beta.json not found') });
    expect(targets(result)).toEqual([['Microsoft Graph beta fresh generate', 'SKIP'], ['Graph beta', 'SKIP']]);
  });
});

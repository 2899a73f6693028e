// The benchmark's printed tables.
import { BUILTIN_PLUGINS, KB_PER_MB, results } from './bench-context.mjs';

function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (cells) => cells.map((c, i) => (align[i] === 'r' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

export function printResults() {
  const num = (x, digits = 0) => (x === null || x === undefined || Number.isNaN(x) ? '' : x.toFixed(digits));
  const mainRows = results.runs.map((r) => [
    r.input,
    r.label,
    r.ok ? '' : `FAIL(${r.exitCode})`,
    num(r.wallMs / 1000, 3),
    r.walls && r.walls.length > 1 ? `${r.walls.length}` : '1',
    r.rssKb == null ? 'n/a' : num(r.rssKb / KB_PER_MB),
    r.tsc ? (Number.isNaN(r.tsc.files) ? '' : `${r.tsc.files} in`) : r.files ?? '',
    r.tsc ? (r.ok ? `${r.tsc.errors} err` : '') : r.bytes == null ? '' : num(r.bytes / 1024 / 1024, 1),
  ]);
  process.stdout.write(`\n${table(['input', 'run', 'status', 'wall s', 'runs', 'RSS MB', 'files', 'MB out'], mainRows, ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r'])}\n`);
  if (results.pairs?.length) {
    const pairRows = results.pairs.map((p) => [p.what, p.job, p.aName, p.error ? 'FAILED' : num(p.aMs / 1000, 3), p.bName, p.error ? '' : num(p.bMs / 1000, 3), p.error ? '' : num(p.ratio, 2), p.aWalls ? `${p.aWalls.length}` : '']);
    process.stdout.write(`\nSide by side (A B A B …; ratio = median of the pairs' A/B):\n${table(['what', 'job', 'A', 'A s', 'B', 'B s', 'A/B', 'pairs'], pairRows, ['l', 'l', 'l', 'r', 'l', 'r', 'r', 'r'])}\n`);
  }
  process.stdout.write('  wall: median of the runs, from spawn to exit (Node start-up included); RSS: peak resident set of the process;\n  files/MB out: files and megabytes generated (for tsc rows: files in the program, type errors)\n');

  const withPhases = results.runs.filter((r) => r.phases);
  if (withPhases.length) {
    const order = BUILTIN_PLUGINS.map(([p]) => p);
    const plugins = [...new Set(withPhases.flatMap((r) => Object.keys(r.phases.emit)))].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
    const rows = withPhases.map((r) => {
      const p = r.phases;
      const sum = p.load + p.normalize + p.detect + Object.values(p.emit).reduce((a, b) => a + b, 0) + p.report + p.write;
      return [r.input, r.label, num(p.load), num(p.normalize), num(p.detect), ...plugins.map((pl) => num(p.emit[pl])), num(p.report), num(p.write), num(r.wallMs - sum)];
    });
    const heads = ['input', 'run', 'load', 'normalize', 'detect', ...plugins.map((p) => `emit:${p.replace(/^plugin-/, '')}`), 'report', 'write', 'rest'];
    process.stdout.write(`\nPhases (ms, from RESLAYER_PROFILE: the hook bus's interceptors; write = the engine's write or diff; rest = wall − phases: Node start-up, module loading, config, output)\n`);
    process.stdout.write(`${table(heads, rows, heads.map((_, i) => (i < 2 ? 'l' : 'r')))}\n`);
  }

  if (results.targets.length) process.stdout.write('\nTargets\n');
  for (const t of results.targets) process.stdout.write(`${t.status}  ${t.name}: ${t.detail}\n`);
  if (results.notes.length) {
    process.stdout.write('\nNotes\n');
    for (const n of results.notes) process.stdout.write(`- ${n}\n`);
  }
}

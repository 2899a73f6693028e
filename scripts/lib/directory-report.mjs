// Pooled figures, targets and tables of `pnpm corpus:directory` (scripts/corpus-directory.mjs).

/** Contracts with at least this many structural CRUD operations count in the per-contract recall target. */
export const MIN_STRUCTURAL = 5;

/** The targets of docs/corpus.md. */
export const TARGETS = Object.freeze({ pooledRecall: 0.95, contractRecall: 0.9, contractShare: 0.95, medianName: 30, labelRoles: 0.95, infinite: 0.95, contractInfinite: 0.8, optimistic: 0.9 });

/** Contracts with at least this many paging GETs count in the per-contract infinite-query target. */
export const MIN_PAGING = 5;

/** mulberry32: a small seeded PRNG, so a sample is the same on every machine. */
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of the seed text. */
function seedNumber(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A deterministic sample: the list (sorted by id) shuffled by a PRNG seeded from `seed` (Fisher–Yates), the first
 * `n` taken, then sorted by id again.
 * @template {{ id: string }} T
 * @param {T[]} items
 * @param {number} n
 * @param {string} seed
 * @returns {T[]}
 */
export function seededSample(items, n, seed) {
  const random = mulberry32(seedNumber(seed));
  const copy = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n).sort((a, b) => (a.id < b.id ? -1 : 1));
}

const share = (a, b) => (b === 0 ? 1 : a / b);
const pct = (x) => `${(100 * x).toFixed(1)} %`;

/**
 * Pooled figures over the rows of a run.
 * @param {any[]} rows rows of scripts/lib/directory-worker.mjs
 */
export function pooled(rows) {
  const ran = rows.filter((r) => r.status !== 'failed');
  const sum = (f) => ran.reduce((n, r) => n + f(r), 0);
  const structural = sum((r) => r.structural);
  const hit = sum((r) => r.hit);
  const crudContracts = ran.filter((r) => r.structural >= MIN_STRUCTURAL);
  const recallOf = (r) => share(r.hit, r.structural);
  const good = crudContracts.filter((r) => recallOf(r) >= TARGETS.contractRecall);
  const lowest = [...crudContracts]
    .sort((a, b) => recallOf(a) - recallOf(b) || b.structural - a.structural || (a.id < b.id ? -1 : 1))
    .slice(0, 10)
    .map((r) => ({ id: r.id, recall: recallOf(r), structural: r.structural, firstMiss: r.misses[0] }));
  return {
    contracts: rows.length,
    failed: rows.filter((r) => r.status === 'failed').map((r) => ({ id: r.id, error: r.error })),
    withErrors: ran.filter((r) => r.status === 'diagnostics').map((r) => r.id),
    operations: sum((r) => r.operations),
    structural,
    hit,
    recall: share(hit, structural),
    crudContracts: crudContracts.length,
    crudContractsGood: good.length,
    hashed: sum((r) => r.hashed.length),
    longMedian: ran.filter((r) => r.medianName > TARGETS.medianName).map((r) => ({ id: r.id, median: r.medianName })),
    mutations: sum((r) => r.mutations),
    emptyEffects: sum((r) => r.emptyEffects.length),
    pagedWithoutInfinite: sum((r) => r.pagedWithoutInfinite.length),
    lowest,
    behaviours: behavioursPooled(ran),
    typecheck: typecheckPooled(ran),
  };
}

/**
 * Pooled behaviour figures (scripts/lib/directory-behaviours.mjs): paging GETs with infinite query options (pooled and
 * the contracts with at least {@link MIN_PAGING} of them under the per-contract target), list+read updates and deletes
 * with optimistic-capable options, and child writes that invalidate the parent detail embedding them.
 */
export function behavioursPooled(ran) {
  const rows = ran.filter((r) => r.behaviours);
  const tally = (k) => {
    const total = rows.reduce((n, r) => n + (r.behaviours[k]?.total ?? 0), 0);
    const missed = rows.reduce((n, r) => n + (r.behaviours[k]?.misses.length ?? 0), 0);
    return { total, hit: total - missed, share: share(total - missed, total) };
  };
  const pagingLow = rows
    .filter((r) => r.behaviours.paging.total >= MIN_PAGING)
    .map((r) => ({ id: r.id, total: r.behaviours.paging.total, hit: r.behaviours.paging.total - r.behaviours.paging.misses.length, firstMiss: r.behaviours.paging.misses[0] }))
    .filter((r) => share(r.hit, r.total) < TARGETS.contractInfinite)
    .sort((a, b) => share(a.hit, a.total) - share(b.hit, b.total) || (a.id < b.id ? -1 : 1));
  const lowOptimistic = rows
    .filter((r) => r.behaviours.optimistic.misses.length > 0)
    .map((r) => ({ id: r.id, total: r.behaviours.optimistic.total, missed: r.behaviours.optimistic.misses.length, firstMiss: r.behaviours.optimistic.misses[0] }))
    .sort((a, b) => b.missed - a.missed || (a.id < b.id ? -1 : 1));
  const parentMisses = rows.flatMap((r) => r.behaviours.parent.misses.map((m) => `${r.id} ${m}`));
  return { paging: tally('paging'), pagingContracts: rows.filter((r) => r.behaviours.paging.total >= MIN_PAGING).length, pagingLow, optimistic: tally('optimistic'), lowOptimistic, whyNotOptimistic: missReasons(rows), parent: tally('parent'), parentLists: tally('parentLists'), parentMisses };
}

/**
 * The reasons `lint` gives for the optimistic misses (`RSL_HOOKS_NOT_OPTIMISTIC`, kept by the worker beside each
 * miss), with names and paths blanked so that one reason of many contracts counts once: most frequent first,
 * each with its count and first example.
 */
function missReasons(rows) {
  const byReason = new Map();
  for (const r of rows) {
    const o = r.behaviours.optimistic;
    o.misses.forEach((m, i) => {
      const why = o.why?.[i] ?? 'no reason kept';
      const reason = why.replace(/`[^`]*`/g, '`…`').replace(/\b(GET|PUT|PATCH|POST|DELETE) \S+/g, '$1 …').replace(/\(none of [^)]*\)/, '(none of …)');
      const entry = byReason.get(reason) ?? { reason, count: 0, example: `${r.id} ${m}` };
      entry.count++;
      byReason.set(reason, entry);
    });
  }
  return [...byReason.values()].sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
}

/** The printed lines of the behaviour figures, with their PASS/FAIL targets. */
function behaviourLines(b) {
  return [
    `infinite query options: ${b.paging.hit} of ${b.paging.total} paging GETs that answer an array (${pct(b.paging.share)}); ${b.pagingLow.length} of ${b.pagingContracts} contracts with >= ${MIN_PAGING} under ${pct(TARGETS.contractInfinite)}`,
    ...b.pagingLow.slice(0, 10).map((l) => `  infinite: ${l.id}: ${l.hit} of ${l.total}; e.g. ${l.firstMiss}`),
    `optimistic-capable update/delete options: ${b.optimistic.hit} of ${b.optimistic.total} on resources with a list and a read (${pct(b.optimistic.share)})`,
    ...b.lowOptimistic.slice(0, 10).map((l) => `  optimistic: ${l.id}: ${l.missed} of ${l.total} missed; e.g. ${l.firstMiss}`),
    ...b.whyNotOptimistic.slice(0, 8).map((w) => `  not optimistic: ${w.count}: ${w.reason}; e.g. ${w.example}`),
    `parent invalidation: ${b.parent.hit} of ${b.parent.total} child writes invalidate the parent detail that embeds the collection (by the write's own path arguments, or all details); the parent's lists: ${b.parentLists.hit} of ${b.parentLists.total}`,
    ...b.parentMisses.slice(0, 5).map((m) => `  parent: missed ${m}`),
  ];
}

/** PASS/FAIL lines of the behaviour targets. */
function behaviourVerdicts(b) {
  return [
    `${verdict(b.paging.share >= TARGETS.infinite)} infinite query options on ${pct(b.paging.share)} of paging GETs (target >= ${pct(TARGETS.infinite)})`,
    `${verdict(b.pagingLow.length === 0)} contracts with >= ${MIN_PAGING} paging GETs under ${pct(TARGETS.contractInfinite)}: ${b.pagingLow.length} (target 0)`,
    `${verdict(b.optimistic.share >= TARGETS.optimistic)} optimistic-capable update/delete options on ${pct(b.optimistic.share)} (target >= ${pct(TARGETS.optimistic)})`,
  ];
}

/** Pooled type-check figures of a `--tsc` run (undefined without one): clean contracts and error codes. */
function typecheckPooled(ran) {
  const checked = ran.filter((r) => r.typecheck);
  if (checked.length === 0) return undefined;
  const failing = checked.filter((r) => r.typecheck.tsc59 > 0 || r.typecheck.tsc7 > 0 || r.typecheck.collapsed !== 0);
  const codes = {};
  for (const r of failing) for (const [code, n] of Object.entries(r.typecheck.codes)) codes[code] = (codes[code] ?? 0) + n;
  const forced = checked.filter((r) => r.typecheck.forced > 0).map((r) => ({ id: r.id, forced: r.typecheck.forced }));
  return { checked: checked.length, clean: checked.length - failing.length, failing: failing.map((r) => ({ id: r.id, ...r.typecheck })), codes, forced };
}

/**
 * How often reslayer's role (and name) agrees with the hand-made labels, over the labelled contracts in the run.
 * @param {{ contracts: { id: string, operations: { method: string, path: string, role: string, name: string }[] }[] }} labels
 * @param {any[]} rows
 */
export function labelAgreement(labels, rows) {
  const byId = new Map(rows.filter((r) => r.status !== 'failed' && r.roles).map((r) => [r.id, new Map(r.roles.map((x) => [x.key, x]))]));
  let total = 0;
  let roleHits = 0;
  let nameHits = 0;
  const misses = [];
  for (const c of labels.contracts) {
    const roles = byId.get(c.id);
    if (!roles) continue;
    for (const o of c.operations) {
      total++;
      const got = roles.get(`${o.method.toUpperCase()} ${o.path}`);
      if (got?.role === o.role) roleHits++;
      else misses.push({ id: c.id, method: o.method, path: o.path, want: o.role, got: got?.role ?? 'missing', name: got?.name ?? '' });
      if (got?.name === o.name) nameHits++;
    }
  }
  return { total, contracts: labels.contracts.filter((c) => byId.has(c.id)).length, roleHits, roleShare: share(roleHits, total), nameHits, nameShare: share(nameHits, total), misses };
}

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/**
 * The printed summary: pooled figures, the ten lowest contracts and one PASS/FAIL line per target.
 * @returns {string[]}
 */
export function summaryLines(s, agreement, { seconds, contracts }) {
  const lines = [
    `contracts: ${contracts} run in ${seconds.toFixed(0)} s; ${s.failed.length} failed; ${s.withErrors.length} with error diagnostics; ${s.operations} operations`,
    `role recall: ${s.hit} of ${s.structural} structural CRUD operations (${pct(s.recall)})`,
    `contracts with >= ${MIN_STRUCTURAL} structural CRUD operations: ${s.crudContracts}; recall >= ${TARGETS.contractRecall} on ${s.crudContractsGood} (${pct(share(s.crudContractsGood, s.crudContracts))})`,
    `method names: ${s.hashed} hashed; ${s.longMedian.length} contracts with a median over ${TARGETS.medianName} characters`,
    `mutations: ${s.mutations}, ${s.emptyEffects} with empty cache effects; paginated lists without infinite query options: ${s.pagedWithoutInfinite}`,
    ...behaviourLines(s.behaviours),
  ];
  if (agreement) {
    lines.push(`labels: roles agree on ${agreement.roleHits} of ${agreement.total} operations (${pct(agreement.roleShare)}) from ${agreement.contracts} contracts; names on ${agreement.nameHits} (${pct(agreement.nameShare)})`);
    for (const m of agreement.misses) lines.push(`  label miss: ${m.id} ${m.method.toUpperCase()} ${m.path}: labelled ${m.want}, got ${m.got} (${m.name})`);
  }
  const t = s.typecheck;
  if (t) {
    lines.push(`type-check (TypeScript 5.9 and 7, strict): ${t.clean} of ${t.checked} contracts clean; error codes: ${Object.entries(t.codes).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
    for (const f of t.failing) lines.push(`  type-check: ${f.id}: tsc 5.9 ${f.tsc59}, TypeScript 7 ${f.tsc7}, collapsed ${f.collapsed}; ${f.first[0] ?? ''}`);
    // The contract's own `never`s (allOf members that allow no item of an array) are not the generator's: listed, not failed.
    for (const f of t.forced ?? []) lines.push(`  never forced by the contract: ${f.id}: ${f.forced} array item type(s) no value fits (only an empty array)`);
  }
  lines.push('lowest role recall:');
  for (const l of s.lowest) lines.push(`  ${l.id}: ${pct(l.recall)} of ${l.structural}${l.firstMiss ? `; e.g. ${l.firstMiss.method.toUpperCase()} ${l.firstMiss.path}: ${l.firstMiss.got}` : ''}`);
  for (const f of s.failed) lines.push(`failed: ${f.id}: ${f.error}`);
  lines.push(
    `${verdict(s.recall >= TARGETS.pooledRecall)} role recall pooled ${pct(s.recall)} (target >= ${pct(TARGETS.pooledRecall)})`,
    `${verdict(share(s.crudContractsGood, s.crudContracts) >= TARGETS.contractShare)} recall >= ${TARGETS.contractRecall} on ${pct(share(s.crudContractsGood, s.crudContracts))} of CRUD contracts (target >= ${pct(TARGETS.contractShare)})`,
    `${verdict(s.hashed === 0)} hashed method names: ${s.hashed} (target 0)`,
    `${verdict(s.longMedian.length === 0)} contracts with a median method name over ${TARGETS.medianName}: ${s.longMedian.length} (target 0)`,
    `${verdict(s.emptyEffects === 0)} mutations with empty cache effects: ${s.emptyEffects} (target 0)`,
    `${verdict(s.pagedWithoutInfinite === 0)} paginated lists without infinite query options: ${s.pagedWithoutInfinite} (target 0)`,
    `${verdict(s.failed.length === 0)} contracts that fail to generate: ${s.failed.length} (target 0)`,
    ...behaviourVerdicts(s.behaviours),
  );
  if (t) lines.push(`${verdict(t.clean === t.checked)} contracts whose output type-checks with 0 collapsed types: ${pct(share(t.clean, t.checked))} (target 100.0 %)`);
  if (agreement) lines.push(`${verdict(agreement.roleShare >= TARGETS.labelRoles)} labelled roles agree on ${pct(agreement.roleShare)} (target >= ${pct(TARGETS.labelRoles)})`);
  return lines;
}

/**
 * The per-contract table as Markdown (one row per contract, sorted by id).
 * @param {any[]} rows
 * @returns {string}
 */
export function tableMarkdown(rows) {
  const head = [
    '| contract | ops | structural CRUD | recall | median name | longest name | hashed | empty effects | paged w/o infinite | status |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const body = [...rows]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) =>
      r.status === 'failed'
        ? `| ${r.id} | | | | | | | | | failed: ${String(r.error).split(':')[0]} |`
        : `| ${r.id} | ${r.operations} | ${r.structural} | ${r.structural === 0 ? '' : pct(share(r.hit, r.structural))} | ${r.medianName} | ${r.longestName.length} | ${r.hashed.length} | ${r.emptyEffects.length} | ${r.pagedWithoutInfinite.length} | ${r.status} |`,
    );
  return `${[...head, ...body].join('\n')}\n`;
}

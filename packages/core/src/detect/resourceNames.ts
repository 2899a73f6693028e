import type { ResourceKind } from '../model/types.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import type { Candidate, Group, NamedGroup } from './group.js';
import { isParam, pathShape } from './pathShape.js';
import { camelWords, countability, pascalWords, pluralWord, resourceName, singularWord, wordsOf } from './words.js';

/** Which of two groups that want the same name keeps it: lower first. */
const KIND_RANK: Record<ResourceKind, number> = { crud: 0, search: 1, summary: 2, action: 3, download: 4, other: 5 };

/**
 * Name candidates, shortest first, from the trailing static words of a path: a top-level CRUD
 * collection starts from one segment (`/orgs/members` → `members`, then `orgsMembers`), everything
 * else, a collection nested below an item included, from two, kept as written
 * (`/albums/{id}/users` → `albumsUsers`, `/contacts/{id}/archive` → `contactsArchive`).
 */
function nameCandidates(g: Group): Candidate[] {
  const clean = g.words.filter((w) => camelWords(w) !== '');
  if (clean.length === 0) return [{ name: 'root', segments: [] }];
  const out: Candidate[] = [];
  for (let n = Math.min(g.minWords, clean.length); n <= clean.length; n++) {
    const tail = clean.slice(-n);
    const name = resourceName(tail.join(' '));
    if (out[out.length - 1]?.name !== name) out.push({ name, segments: tail });
  }
  return out;
}

/** Last-resort names of a group whose path words are used up: its tag, its last path parameter, its operationId, its method and path. */
function fallbackNames(g: Group, longest: Candidate): string[] {
  const out: string[] = [];
  const first = g.members[0]?.op;
  const nameWords = new Set(longest.segments.flatMap((s) => wordsOf(s)));
  const tag = first?.tags[0];
  if (tag !== undefined) {
    // The tag's words the name does not have yet: tag "Metadata instances (Files)" + `filesMetadata` → `metadataInstancesFilesMetadata`.
    const extra = wordsOf(tag).filter((w) => !nameWords.has(w) && !nameWords.has(singularWord(w)) && !nameWords.has(pluralWord(w)));
    if (extra.length > 0) out.push(resourceName(`${extra.join(' ')} ${longest.segments.join(' ')}`));
  }
  const lastParam = [...pathShape(first?.path ?? '').segments].reverse().find(isParam);
  if (lastParam !== undefined) out.push(resourceName(`${longest.segments.join(' ')} ${lastParam.replace(/[{}]/g, ' ')}`));
  // The noun the operationIds share, without their verbs: `deleteBulkAssetMetadata` and `updateBulkAssetMetadata` → `bulkAssetMetadata`.
  const ids = g.members.map((m) => m.op.operationId).filter((id): id is string => id !== undefined && wordsOf(id).length > 1);
  if (ids.length > 0) {
    const nouns = ids.map((id) => wordsOf(id).slice(1));
    let common = nouns[0] ?? [];
    for (const noun of nouns.slice(1)) {
      let k = 0;
      while (k < common.length && k < noun.length && common[common.length - 1 - k] === noun[noun.length - 1 - k]) k++;
      common = common.slice(common.length - k);
    }
    if (common.length > 0) out.push(resourceName(common.join(' ')));
  }
  const withId = g.members.find((m) => m.op.operationId !== undefined && camelWords(m.op.operationId) !== '')?.op.operationId;
  if (withId !== undefined) out.push(resourceName(withId));
  if (first) out.push(resourceName(`${first.method} ${first.path.replace(/[{}]/g, ' ')}`));
  return out;
}

/**
 * Unique names, compared without regard to case (`fooBar` and `foobar` would clash on a
 * case-insensitive file system). Colliding groups take longer path candidates; groups whose path words
 * are used up keep the name by kind (crud first), size and key, and the others fall back to their tag,
 * last parameter, operationId, method and path, and only then a counter.
 */
export function assignNames(groups: Group[], diagnostics: Diagnostics): NamedGroup[] {
  const candidates = groups.map(nameCandidates);
  const level = groups.map(() => 0);
  const candidateOf = (i: number): Candidate => candidates[i]?.[level[i] ?? 0] ?? { name: 'resource', segments: [] };
  const lower = (i: number) => candidateOf(i).name.toLowerCase();
  for (let round = 0; round < 16; round++) {
    const byName = new Map<string, number[]>();
    groups.forEach((_, i) => byName.set(lower(i), [...(byName.get(lower(i)) ?? []), i]));
    let changed = false;
    for (const indexes of byName.values()) {
      if (indexes.length < 2) continue;
      for (const i of indexes) {
        if ((level[i] ?? 0) < (candidates[i]?.length ?? 1) - 1) {
          level[i] = (level[i] ?? 0) + 1;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  const final: Array<string | undefined> = groups.map((_, i) => candidateOf(i).name);
  const taken = new Set(final.map((n) => (n ?? '').toLowerCase()));
  const byName = new Map<string, number[]>();
  groups.forEach((_, i) => byName.set(lower(i), [...(byName.get(lower(i)) ?? []), i]));
  for (const name of [...byName.keys()].sort(cmp)) {
    const indexes = byName.get(name) ?? [];
    if (indexes.length < 2) continue;
    const rank = (i: number) => groups[i] as Group;
    // The first by kind (crud first), size and key keeps the name; the others fall back.
    const losers = [...indexes]
      .sort((a, b) => KIND_RANK[rank(a).kind] - KIND_RANK[rank(b).kind] || rank(b).members.length - rank(a).members.length || cmp(rank(a).key, rank(b).key))
      .slice(1);
    for (const i of losers) {
      const options = fallbackNames(groups[i] as Group, candidates[i]?.[candidates[i].length - 1] ?? candidateOf(i));
      let pick = options.find((o) => !taken.has(o.toLowerCase()));
      if (pick === undefined) {
        // Unreachable for real contracts (operationIds and paths differ); keeps names unique regardless.
        const base = options[options.length - 1] ?? candidateOf(i).name;
        for (let n = 2; pick === undefined || taken.has(pick.toLowerCase()); n++) pick = `${base}${n}`;
      }
      taken.add(pick.toLowerCase());
      final[i] = pick;
    }
  }
  return groups.map((g, i) => {
    const first = candidates[i]?.[0]?.name ?? 'resource';
    const longest = candidates[i]?.[candidates[i].length - 1] ?? candidateOf(i);
    const name = final[i] ?? first;
    const fromPath = candidates[i]?.find((c) => c.name === name);
    if (name !== first) {
      diagnostics.add({
        code: 'RSL_RESOURCE_RENAMED',
        severity: 'info',
        message: `resource "${first}" at ${g.members[0]?.op.path ?? ''} is named "${name}" to keep names distinct`,
        location: g.members[0]?.op.key ?? '',
        hint: fromPath
          ? 'Names are made from the parent path segments; set overrides.resources in the config to choose another.'
          : 'The path words were used up, so the tag, a path parameter or the operationId names it; set overrides.resources in the config to choose another.',
      });
    }
    return { name, segments: (fromPath ?? longest).segments, renamed: name !== first };
  });
}

/** Entity and plural of a CRUD collection from its name's segments: `albums`, `users` → `AlbumUser`, `AlbumUsers`; `content` → `ContentItem`, `Content`. */
export function collectionNames(segments: string[]): { entity: string; plural: string } {
  const parts = segments.map((s) => wordsOf(s));
  const lastWords = parts.pop() ?? [];
  const head = lastWords.pop() ?? '';
  const prefix = parts.map((ws) => pascalWords([...ws.slice(0, -1), singularWord(ws[ws.length - 1] ?? '')].join(' '))).join('');
  const stem = pascalWords(lastWords.join(' '));
  const c = countability(head);
  if (c === 'uncountable') {
    const plural = `${prefix}${stem}${pascalWords(head)}`;
    return { entity: `${plural}Item`, plural };
  }
  return { entity: `${prefix}${stem}${pascalWords(singularWord(head))}`, plural: `${prefix}${stem}${pascalWords(c === 'plural' ? head : pluralWord(head))}` };
}

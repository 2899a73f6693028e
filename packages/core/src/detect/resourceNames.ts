import type { ResourceKind } from '../model/types.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import type { Candidate, Group, NamedGroup } from './group.js';
import { isParam, pathShape } from './pathShape.js';
import { camelWords, countability, pascalWords, pluralWord, resourceName, singularWord, wordsOf } from './words.js';

/** Which of two groups that want the same name keeps it: lower first. */
const KIND_RANK: Record<ResourceKind, number> = { crud: 0, search: 1, summary: 2, action: 3, download: 4, other: 5 };

/** A group's name while names are assigned: the words it is made of, and the parent words it may still take. */
interface NameState {
  segments: string[];
  /** Static path words before the name's words, nearest first. */
  parents: string[];
}

/**
 * The first name of a group, from the trailing static words of its path: a top-level CRUD collection from one
 * segment (`/orgs/members` → `members`), a path below a parameter from the words after it and its parent
 * (`/albums/{id}/users` → `albumsUsers`, `/dialogs/{id}/actions/freeze` → `dialogsActionsFreeze`), anything else
 * from two, kept as written (`/dashboard/summary` → `dashboardSummary`).
 */
function initialName(g: Group): NameState {
  const clean = g.words.filter((w) => camelWords(w) !== '');
  if (clean.length === 0) return { segments: [], parents: [] };
  const n = Math.min(Math.max(g.minWords, 1), clean.length);
  return { segments: clean.slice(-n), parents: clean.slice(0, -n).reverse() };
}

const nameOf = (s: NameState): string => (s.segments.length === 0 ? 'root' : resourceName(s.segments.join(' ')));

/**
 * One round for groups that want the same name: each takes its nearest parent word that none of the others has
 * (`/subscriptions/{s}/resourceGroups/{g}/providers/X/profiles` beside `/subscriptions/{s}/providers/X/profiles` →
 * `resourceGroupsProfiles` and `profiles`; `/admin/users` beside `/users` → `adminUsers` and `users`). A group with
 * no such word keeps its name.
 * @returns true when a name changed
 */
function distinguish(states: NameState[]): boolean {
  let changed = false;
  const picks = states.map((s) => s.parents.findIndex((w) => states.every((o) => o === s || (!o.parents.includes(w) && !o.segments.includes(w)))));
  states.forEach((s, i) => {
    const at = picks[i] ?? -1;
    if (at < 0) return;
    s.segments = [s.parents[at] ?? '', ...s.segments];
    s.parents = s.parents.slice(at + 1);
    changed = true;
  });
  return changed;
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
 * Unique names, compared without regard to case (`fooBar` and `foobar` would clash on a case-insensitive file
 * system). Colliding groups take their distinguishing parent words ({@link distinguish}); groups whose path words
 * cannot tell them apart keep the name by kind (crud first), size and key, and the others fall back to their tag,
 * last parameter, operationId, method and path, and only then a counter.
 * @param groups the detected groups, sorted by key
 * @param diagnostics where `RSL_RESOURCE_RENAMED` notes go
 * @returns the name and name segments of each group, in the same order
 */
export function assignNames(groups: Group[], diagnostics: Diagnostics): NamedGroup[] {
  const states = groups.map(initialName);
  const first = states.map(nameOf);
  for (let round = 0; round < 16; round++) {
    let changed = false;
    for (const indexes of clashes(states.map(nameOf)).values()) if (indexes.length > 1) changed = distinguish(indexes.map((i) => states[i] as NameState)) || changed;
    if (!changed) break;
  }
  const final = resolveRemaining(groups, states);
  return groups.map((g, i) => {
    const name = final[i] ?? nameOf(states[i] as NameState);
    const fromPath = name === nameOf(states[i] as NameState);
    if (name !== first[i]) {
      diagnostics.add({
        code: 'RSL_RESOURCE_RENAMED',
        severity: 'info',
        message: `resource "${first[i] ?? ''}" at ${g.members[0]?.op.path ?? ''} is named "${name}" to keep names distinct`,
        location: g.members[0]?.op.key ?? '',
        hint: fromPath
          ? 'Names take the parent path words that tell them apart; set overrides.resources in the config to choose another.'
          : 'The path words were used up, so the tag, a path parameter or the operationId names it; set overrides.resources in the config to choose another.',
      });
    }
    const state = states[i] as NameState;
    return { name, segments: fromPath ? state.segments : [...[...state.parents].reverse(), ...state.segments], renamed: name !== first[i] };
  });
}

/** Indexes of the names, by lower-cased name. */
function clashes(names: string[]): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  names.forEach((n, i) => byName.set(n.toLowerCase(), [...(byName.get(n.toLowerCase()) ?? []), i]));
  return byName;
}

/** Names for groups still clashing: the first by kind, size and key keeps the name, the others take a fallback. */
function resolveRemaining(groups: Group[], states: NameState[]): string[] {
  const final = states.map(nameOf);
  const taken = new Set(final.map((n) => n.toLowerCase()));
  const byName = clashes(final);
  for (const name of [...byName.keys()].sort(cmp)) {
    const indexes = byName.get(name) ?? [];
    if (indexes.length < 2) continue;
    const rank = (i: number) => groups[i] as Group;
    const losers = [...indexes]
      .sort((a, b) => KIND_RANK[rank(a).kind] - KIND_RANK[rank(b).kind] || rank(b).members.length - rank(a).members.length || cmp(rank(a).key, rank(b).key))
      .slice(1);
    for (const i of losers) {
      const state = states[i] as NameState;
      const options = fallbackNames(groups[i] as Group, { name: nameOf(state), segments: [...[...state.parents].reverse(), ...state.segments] });
      let pick = options.find((o) => !taken.has(o.toLowerCase()));
      if (pick === undefined) {
        // Unreachable for real contracts (operationIds and paths differ); keeps names unique regardless.
        const base = options[options.length - 1] ?? nameOf(state);
        for (let n = 2; pick === undefined || taken.has(pick.toLowerCase()); n++) pick = `${base}${n}`;
      }
      taken.add(pick.toLowerCase());
      final[i] = pick;
    }
  }
  return final;
}

/** Words that start a phrase after a collection's head noun: `files_on_hold`, `StatsByWeek`. */
const PREPOSITIONS: ReadonlySet<string> = new Set(['on', 'in', 'by', 'for', 'of', 'with', 'at', 'from', 'per', 'under']);

/**
 * Entity and plural of a CRUD collection from its name's segments: `albums`, `users` → `AlbumUser`, `AlbumUsers`;
 * `content` → `ContentItem`, `Content`. A phrase after a plural or uncountable head noun keeps its words, and only
 * the head takes the number (`PremiumNewsByDate` → `PremiumNewsItemByDate`, `PremiumNewsByDate`): `files_on_hold` → `FileOnHold`, `FilesOnHold`; `PlayerGameProjectionStatsByWeek` → `…StatByWeek`, `…StatsByWeek`.
 * With `singularName` (a sub-collection the path names in the singular: `/pools/{id}/history`), a singular head is
 * named as an uncountable one: `HistoryItem`, `History`.
 */
export function collectionNames(segments: string[], singularName = false): { entity: string; plural: string } {
  const parts = segments.map((s) => wordsOf(s));
  const words = parts.pop() ?? [];
  // Only a plural or uncountable head before the phrase, with no plural at its end (`terms_of_service_user_statuses` counts `statuses`).
  const found = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w) && countability(words[i - 1] ?? '') !== 'singular');
  const at = found > 0 && countability(words[words.length - 1] ?? '') !== 'plural' ? found : -1;
  const phrase = at > 0 ? pascalWords(words.slice(at).join(' ')) : '';
  const lastWords = at > 0 ? words.slice(0, at) : words;
  const head = lastWords.pop() ?? '';
  const prefix = parts.map((ws) => pascalWords([...ws.slice(0, -1), singularWord(ws[ws.length - 1] ?? '')].join(' '))).join('');
  const stem = pascalWords(lastWords.join(' '));
  const c = singularName && countability(head) === 'singular' ? 'uncountable' : countability(head);
  if (c === 'uncountable') {
    const plural = `${prefix}${stem}${pascalWords(head)}`;
    return { entity: `${plural}Item${phrase}`, plural: `${plural}${phrase}` };
  }
  return { entity: `${prefix}${stem}${pascalWords(singularWord(head))}${phrase}`, plural: `${prefix}${stem}${pascalWords(c === 'plural' ? head : pluralWord(head))}${phrase}` };
}

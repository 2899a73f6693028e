import type { OperationNode } from '../model/types.js';
import { isVerb, verbClassOf, type VerbClass } from './verbs.js';
import { pluralWord, singularWord, wordsOf } from './words.js';

/**
 * How detection reads an operationId as the world writes it (docs/naming.md, "The operationId names"):
 * `tag/verb-noun` (`issues/list-for-repo`), dotted namespaces (`compute.firewallPolicies.list`),
 * `Controller_Action` (`Profiles_ListByResourceGroup`, `Importation_Cancel`), version and namespace prefixes
 * (`V1ServiceOwnerDialogsCommandsCreate_Dialog`), method-and-path prefixes (`patchFilesV3FilesFileIdUpdateProperties`),
 * a trailing verb (`admin-api-keys-delete`) and every casing.
 */
export interface ReadOperationId {
  /**
   * The words that name the operation, lower-case, verb first when there is one: `['list', 'for', 'repo']`,
   * `['create', 'dialog']`, `['list', 'profiles', 'by', 'resource', 'group']`, `['cancel', 'importation']`.
   * Empty when the operationId says nothing beyond the method and path.
   */
  words: string[];
  /** The class of the first known verb of `words`, if any. */
  verbClass: VerbClass | undefined;
}

/** A version word: `v1`, `v2beta1`, `v1alpha`. */
const VERSION = /^v\d+([a-z]+\d*)?$/;
const HTTP_METHOD_WORDS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);
/** Separators of namespaces: the part after the last one names the operation. */
const NAMESPACE = /[/.:#]+/;

/**
 * The words of an operationId, read as {@link ReadOperationId} says.
 * @param op the operation (its operationId, method and path)
 * @returns the naming words and the class of their verb; no words for a missing or method-and-path operationId
 */
export function readOperationId(op: Pick<OperationNode, 'operationId' | 'path' | 'method'> & { tags?: readonly string[] }): ReadOperationId {
  const id = op.operationId ?? '';
  const parts = id.split(NAMESPACE).filter((p) => withoutVersions(wordsOf(p)).length > 0);
  const last = parts[parts.length - 1] ?? '';
  let words = controllerAction(last) ?? withoutVersions(wordsOf(last));
  // A dotted or slashed id whose last part is one word (`domains.list`): the part before names the noun.
  if (words.length === 1 && parts.length > 1) words = [...words, ...withoutVersions(wordsOf(parts[parts.length - 2] ?? ''))];
  words = withoutPathPrefix(withoutNamespaceBeforeMethod(words, op.method), op);
  words = verbFirst(splitGlued(words), op);
  const verb = words.find(isVerb);
  return { words, verbClass: verb === undefined ? undefined : verbClassOf(verb) };
}

const withoutVersions = (words: string[]): string[] => words.filter((w) => !VERSION.test(w));

/**
 * `Controller_Action` and ASP.NET-style `Namespace_Controller_Method_Action` (`BackupLongTermRetentionPolicies_ListByDatabase`,
 * `Importation_Cancel`, `Quote_Post_CreateQuoteWithGeneratingReference`, `Metals_BenchmarkHistory_GET`): the action
 * is the last part that starts with a verb, with the parts after it; the part before joins it only when the action
 * is the bare verb (`list by database`, `cancel importation`, `get benchmark history`). The namespace and controller
 * parts before are dropped. Other ids
 * (snake_case, `…Create_Dialog`) are read word by word.
 */
function controllerAction(part: string): string[] | undefined {
  if (!/^[A-Za-z0-9]*[A-Z][A-Za-z0-9]*(_[A-Z][A-Za-z0-9]*)+$/.test(part)) return undefined;
  const parts = part.split('_');
  const words = (from: number): string[] => parts.slice(from).flatMap((p) => withoutVersions(wordsOf(p)));
  let at = parts.length - 1;
  while (at >= 1 && !isVerb(words(at)[0] ?? '')) at--;
  if (at < 1) return undefined;
  const action = words(at);
  return action.length > 1 ? action : [...action, ...withoutVersions(wordsOf(parts[at - 1] ?? ''))];
}

/**
 * Drops a method-and-path prefix followed by a verb: `patch files v3 files file id update properties` of
 * `PATCH /files/v3/files/{fileId}` → `update properties`; an id made of nothing else (`put_users_id_folders_0`)
 * leaves no words. A parameter may appear as its own words, as `id`, or not at all.
 */
function withoutPathPrefix(words: string[], op: Pick<OperationNode, 'path' | 'method'>): string[] {
  if (words[0] !== op.method || !HTTP_METHOD_WORDS.has(words[0])) return words;
  let i = 1;
  for (const segment of op.path.split('/').filter((s) => s !== '')) {
    const own = withoutVersions(wordsOf(segment.replace(/[{}]/g, ' ')));
    if (segment.includes('{')) {
      while (i < words.length && (own.includes(words[i] ?? '') || words[i] === 'id')) i++;
      continue;
    }
    if (own.length > 0 && own.every((w, k) => words[i + k] === w)) i += own.length;
    else if (own.length > 0 && segment.toLowerCase() !== 'api') break;
  }
  if (i === words.length) return [];
  // Only a verb after the path names the operation (`… get by id`); `deletePetById` of `DELETE /pet` stays whole.
  return i > 1 && isVerb(words[i] ?? '') ? words.slice(i) : words;
}

/** Namespace words before the method word (`id get user logout` of `GET /api/user/logout` → `get user logout`), so a method-and-path id is seen as one. */
function withoutNamespaceBeforeMethod(words: string[], method: string): string[] {
  let k = 0;
  while (k < words.length && NAMESPACE_WORDS.includes(words[k] ?? '')) k++;
  return k > 0 && words[k] === method ? words.slice(k) : words;
}

/** A single run of 10 or more lower-case letters that starts with a verb (`getairlines`): the verb split off (`get airlines`). */
function splitGlued(words: string[]): string[] {
  const w = words[0] ?? '';
  if (words.length !== 1 || w.length < 10 || isVerb(w)) return words;
  for (let n = Math.min(w.length - 3, 9); n >= 2; n--) {
    const head = w.slice(0, n);
    if (isVerb(head)) return [head, w.slice(n)];
  }
  return words;
}

/** Words that only namespace an operationId: `idRunPerfTest`, `…DialogsCommandsCreate_Dialog`. */
const NAMESPACE_WORDS = ['api', 'apis', 'id', 'service', 'services', 'controller', 'controllers', 'command', 'commands', 'query', 'queries', 'handler', 'handlers', 'endpoint', 'endpoints', 'operations', 'rest', 'public', 'private', 'internal', 'admin'];

/**
 * The verb first: words before the first known verb are dropped when they only repeat the path's or the tags'
 * words or namespace the id (`v1 service owner dialogs commands create dialog` of `/serviceowner/dialogs` →
 * `create dialog`), or moved after it when the verb comes last (`profiles list` → `list profiles`,
 * `admin api keys delete` → `delete admin api keys`). Words that say more (`beta list things`) stay.
 */
function verbFirst(words: string[], op: { path: string; tags?: readonly string[] | undefined }): string[] {
  const at = words.findIndex(isVerb);
  if (at <= 0) return words;
  const after = words.slice(at + 1);
  const meaningful = after.filter((w) => w !== 'by' && w !== 'id' && w !== 'all');
  if (meaningful.length === 0) return [words[at] ?? '', ...words.slice(0, at), ...after];
  return composedOf(words.slice(0, at).join(''), vocabularyOf(op)) ? words.slice(at) : words;
}

/** Lower-case words a namespace may be made of: the path's static words (singular and plural), tag words and namespace words. */
function vocabularyOf(op: { path: string; tags?: readonly string[] | undefined }): Set<string> {
  const out = new Set(NAMESPACE_WORDS);
  // The path without a literal query or fragment (`/things?beta=true`): those words qualify, they do not namespace.
  const texts = [...op.path.replace(/[?#].*$/, '').split('/').filter((s) => s !== '' && !s.includes('{')), ...(op.tags ?? [])];
  for (const text of texts) for (const w of [...wordsOf(text), text.toLowerCase().replace(/[^a-z0-9]/g, '')]) for (const f of [w, singularWord(w), pluralWord(w)]) if (f !== '') out.add(f);
  return out;
}

/** True when `text` is a concatenation of vocabulary words (`serviceownerdialogscommands`). */
function composedOf(text: string, vocabulary: ReadonlySet<string>): boolean {
  const reach = Array.from({ length: text.length + 1 }, (_, i) => i === 0);
  for (let i = 0; i < text.length; i++) {
    if (!reach[i]) continue;
    for (const w of vocabulary) if (text.startsWith(w, i)) reach[i + w.length] = true;
  }
  return reach[text.length] === true;
}

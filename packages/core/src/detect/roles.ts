import type { CrudRole, OperationNode, OperationRole } from '../model/types.js';
import type { Member } from './group.js';
import { readOperationId } from './operationId.js';
import { isComputingVerb, verbClassOf, type VerbClass } from './verbs.js';
import { wordsOf } from './words.js';

/** The operations of one collection path `P` and its item paths `P/{x}`. */
export interface CollectionEntry {
  /** Operations on `P`. */
  coll: OperationNode[];
  /** Operations on the item paths below `P`, in path order. */
  item: OperationNode[];
}

/**
 * The verb classes an operationId may name for each structural role without vetoing it. A command verb (`start`,
 * `follow`, `cancel`) agrees with every role: on a collection or item path it starts, adds or removes an item
 * (`POST /jobs` `startJob`, `PUT /user/following/{name}` `follow`, `DELETE /jobs/{id}` `cancelJob`); commands
 * that are not CRUD have paths of their own (`POST /graders/run`).
 */
const AGREEING: Readonly<Record<CrudRole, readonly VerbClass[]>> = {
  list: ['read', 'action'],
  read: ['read', 'action'],
  // An upsert on the collection (`saveUser`, `putItem`) adds an item too.
  create: ['create', 'update', 'action'],
  // A create-or-replace PUT on an item path (`Profiles_Create`, `createOrUpdateSecret`) is an update.
  update: ['update', 'create', 'action'],
  delete: ['delete', 'action'],
};

/** The structural role of an operation of a CRUD collection, from its method and place. */
function structuralRole(op: OperationNode, onItem: boolean): CrudRole | undefined {
  if (!onItem) return op.method === 'get' ? 'list' : op.method === 'post' ? 'create' : undefined;
  return op.method === 'get' ? 'read' : op.method === 'patch' || op.method === 'put' ? 'update' : op.method === 'delete' ? 'delete' : undefined;
}

/**
 * The verdict of the operationId on a structural role: agreement (no operationId, no known verb, a verb the role
 * agrees with, or any word of the id that is one), or the role a contradicting verb of another CRUD class gives
 * instead: `search` for a read verb on a collection POST (`searchItems`, `listThings`), `other` otherwise (a
 * `deleteAll` POST or a `createItem` GET: bulk or mislabelled).
 * @param role the structural role
 * @param op the operation
 * @returns undefined when the operationId agrees, else the role it gives and its verb
 */
export function operationIdVeto(role: CrudRole, op: OperationNode): { role: OperationRole; verb: string; source: string } | undefined {
  const { words, verbClass } = readOperationId(op);
  if (verbClass === undefined) return WRITE_ROLES.has(role) ? writeVeto(role, op) : undefined;
  if (AGREEING[role].includes(verbClass) && !(WRITE_ROLES.has(role) && isComputingVerb(words[0] ?? ''))) return undefined;
  // A method word after the verb only tags the id (`getAvatarsDetailsByPost`): it agrees with nothing.
  if (words.slice(1).some((w) => !TAIL_METHODS.has(w) && AGREEING[role].includes(verbClassOf(w) as VerbClass))) return undefined;
  const verb = words[0] ?? '';
  return { role: vetoedRole(role, verbClass), verb, source: `operationId ${op.operationId ?? ''}` };
}

const WRITE_ROLES: ReadonlySet<CrudRole> = new Set(['create', 'update', 'delete']);
/** Method words that end an operationId as a tag (`…ByPost`, `…_put`), not as its verb. */
const TAIL_METHODS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch']);
/** The role a contradicting verb gives: `search` for a read verb on a collection POST, else `other`. */
const vetoedRole = (role: CrudRole, verbClass: VerbClass): OperationRole => (role === 'create' && verbClass === 'read' ? 'search' : 'other');

/**
 * Without a verb in the operationId, a write role's veto from the summary's first word (`Evaluate UTXOs`, `Check
 * domain availability`) or a static path segment named by a verb (`/utils/txs/evaluate/utxos`, `/ipfs/pin/remove/{path}`):
 * a verb of another class than the role's, read, delete or command. A path verb followed by a parameter names a
 * collection (`/book/{id}/chapters`) unless it deletes; a command verb in a summary (`Start a job`) agrees. A
 * summary whose first word agrees (`Create a parse setting` on `/webhooks/parse/settings`) leaves the path's words
 * nouns, and so does {@link summaryAgrees}.
 */
function writeVeto(role: CrudRole, op: OperationNode): { role: OperationRole; verb: string; source: string } | undefined {
  const words = wordsOf(op.summary ?? '');
  const first = words[0] ?? '';
  const summaryClass = contradicts(role, first);
  if (summaryClass !== undefined && !summaryAgrees(role, words, op.path)) {
    return { role: vetoedRole(role, summaryClass), verb: first, source: `summary "${op.summary ?? ''}"` };
  }
  const firstClass = verbClassOf(first);
  if (firstClass !== undefined && AGREEING[role].includes(firstClass)) return undefined;
  const segments = op.path.split('/');
  for (let i = 1; i < segments.length - 1; i++) {
    const word = /^[a-z]+$/i.test(segments[i] ?? '') ? (segments[i] ?? '').toLowerCase() : '';
    const cls = contradicts(role, word);
    if (cls === undefined || (cls !== 'delete' && (segments[i + 1] ?? '').startsWith('{'))) continue;
    return { role: vetoedRole(role, cls), verb: word, source: `path segment "${word}"` };
  }
  return undefined;
}

/**
 * True when a summary that starts with a contradicting verb still names the structural role: the verb is a word of
 * the collection's own name (`Render Asset` on `POST /render`, `Remove subscriber from workflow` on
 * `POST …/removed-subscribers`), or the role's own verb follows `to` (`Ping to create or update an EndUser`).
 * @param role the structural role
 * @param words the summary's lower-case words, the contradicting verb first
 * @param path the operation's path
 */
function summaryAgrees(role: CrudRole, words: readonly string[], path: string): boolean {
  const verb = words[0] ?? '';
  const own = path.split('/').filter((s) => s !== '' && !s.includes('{')).at(-1) ?? '';
  if (wordsOf(own).some((w) => w.startsWith(verb))) return true;
  return words.some((w, i) => i > 0 && words[i - 1] === 'to' && verbClassOf(w) === role);
}

/** The class of `word` when it is a verb that contradicts a write role: a read, a computing command, or a write of another class. */
function contradicts(role: CrudRole, word: string): VerbClass | undefined {
  const cls = verbClassOf(word);
  if (cls === undefined || (cls === 'action' && !isComputingVerb(word))) return undefined;
  return cls === 'read' || cls === 'action' || !AGREEING[role].includes(cls) ? cls : undefined;
}

const where = (op: OperationNode, place: string) => `${op.method.toUpperCase()} on ${place} ${op.path}`;

/**
 * Roles of the operations of a CRUD collection (docs/naming.md, "Roles come from structure"): `GET P` is list,
 * `POST P` create, `GET P/{x}` read, `PATCH|PUT P/{x}` update (both may hold it), `DELETE P/{x}` delete; the
 * operationId vetoes a role only with a contradicting verb ({@link operationIdVeto}). A second list or read (two
 * item paths) and writes on the whole collection (bulk) are `other`.
 * @param entry the collection's operations
 * @returns one member per operation, collection operations first
 */
export function collectionRoles(entry: CollectionEntry): Member[] {
  const taken = new Map<CrudRole, OperationNode>();
  // Of several item GETs, one whose operationId names a read (`getNote`) takes the read before one that does not (`exportNote`).
  const reads = entry.item.filter((o) => o.method === 'get');
  const preferred = reads.find((o) => readOperationId(o).verbClass === 'read');
  if (preferred !== undefined && preferred !== reads[0]) taken.set('read', preferred);
  const members: Member[] = [];
  for (const [ops, onItem] of [[entry.coll, false], [entry.item, true]] as const) {
    for (const op of ops) {
      const place = onItem ? 'item' : 'collection';
      const role = structuralRole(op, onItem);
      if (role === undefined) {
        members.push({ op, role: 'other', why: `other: ${where(op, place)}${onItem ? '' : ', a write on the whole collection (bulk)'}` });
        continue;
      }
      const veto = operationIdVeto(role, op);
      if (veto !== undefined) {
        members.push({ op, role: veto.role, why: `${veto.role}: ${where(op, place)} would be ${role}, but ${veto.source} names the verb "${veto.verb}"` });
        continue;
      }
      const holder = taken.get(role);
      if (holder !== undefined && holder !== op && (role === 'list' || role === 'read')) {
        members.push({ op, role: 'other', why: `other: ${where(op, place)} would be ${role}, which is ${holder.key}` });
        continue;
      }
      if (holder === undefined) taken.set(role, op);
      const id = op.operationId === undefined ? 'no operationId' : `operationId ${op.operationId} agrees`;
      members.push({ op, role, why: `${role}: ${where(op, place)}; ${id}` });
    }
  }
  return members;
}

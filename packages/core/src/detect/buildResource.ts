import type { CrudRole, OperationNode, OperationRole, ResourceNode, ResourceOperation } from '../model/types.js';
import { CRUD_ROLES } from '../model/types.js';
import { plural as pluralOf, singular } from '../naming/casing.js';
import { noLeadingDigit, RESERVED_WORDS } from '../naming/identifiers.js';
import type { Diagnostics } from '../diagnostics/Diagnostics.js';
import type { OperationOverride } from '../config/types.js';
import type { Group, NamedGroup } from './group.js';
import type { EntityNames } from './entity.js';
import { camelWords, fitName, pascalWords } from './words.js';
import { readOperationId } from './operationId.js';

/**
 * The detection record of a named group: entity and plural, missing CRUD operations, and each
 * operation's role, method name and reason (operation overrides first, then spec or operationId names).
 * @param g the group
 * @param named its final name (and entity override)
 * @param operationOverrides `overrides.operations` of the config
 * @param diagnostics where partial-CRUD notes and override clashes go
 * @param names the entity and plural of a CRUD group (see `chooseEntities`)
 */
export function buildResource(g: Group, named: NamedGroup, operationOverrides: Record<string, OperationOverride>, diagnostics: Diagnostics, names?: EntityNames): ResourceNode {
  const resource = named.name;
  const { entity, plural: pluralName } = resourceEntity(g, named, names);
  const has = new Set(g.members.map((m) => m.role));
  const missingOperations: CrudRole[] = g.kind === 'crud' ? CRUD_ROLES.filter((r) => !has.has(r)) : [];
  // A CRUD resource whose operations all read (GET, HEAD) is read-only: only a missing list or read is worth a word.
  const readOnly = g.kind === 'crud' && g.members.every((m) => m.op.method === 'get' || m.op.method === 'head');
  const reported = readOnly ? missingOperations.filter((r) => r === 'list' || r === 'read') : missingOperations;
  const members = g.members;
  const used = new Set<string>();
  const forced = forcedNames(members, operationOverrides, used, resource, diagnostics);
  // The first holder of a CRUD role gets its spec name; a second (a PUT beside a PATCH) is named from its operationId.
  // With a PUT and a PATCH on the same item, the PATCH is `update<E>` and the PUT `replace<E>` (docs/naming.md).
  const patch = members.find((m) => m.role === 'update' && m.op.method === 'patch')?.op;
  const replacing = members.find((m) => m.role === 'update' && m.op.method === 'put' && m.op.path === patch?.path)?.op;
  const holders = new Set(CRUD_ROLES.map((role) => (role === 'update' && replacing ? patch : members.find((m) => m.role === role)?.op)));
  const firstWriteOf = (role: OperationRole) => members.find((m) => m.role === role && (m.op.method === 'post' || m.op.method === 'put'))?.op;
  const operations: ResourceOperation[] = members.map(({ op, role, why }, i) => {
    const override = forced[i];
    if (override !== undefined) return { role, name: override, operationKey: op.key, reason: `${why}; named by overrides.operations.${op.operationId ?? ''}` };
    const auto = operationName(role, op, { entity, plural: pluralName, resource, action: g.action, verbOnly: g.verbOnly === true, firstOfRole: firstWriteOf(role) === op, holder: holders.has(op), replaces: op === replacing });
    const { name, note } = freeName(auto.name, auto.note, op, used);
    used.add(name.toLowerCase());
    return { role, name, operationKey: op.key, reason: note === undefined ? why : `${why}; ${note}` };
  });
  const first = members[0]?.op;
  if (g.kind === 'crud' && reported.length > 0) {
    diagnostics.add({
      code: 'RSL_RESOURCE_PARTIAL',
      severity: 'info',
      message: `resource "${resource}" is a ${readOnly ? 'read-only' : 'partial CRUD'} resource; missing: ${reported.join(', ')}`,
      location: first?.key ?? '',
      hint: 'Only the operations the contract declares are generated.',
    });
  }
  const node: ResourceNode = {
    kind: 'resource',
    resourceKind: g.kind,
    resource,
    entity,
    plural: pluralName,
    crudCandidate: g.kind === 'crud' && has.has('list') && has.has('read'),
    missingOperations,
    operations,
    pointer: first?.pointer ?? '#/paths',
  };
  const action = g.kind === 'download' ? 'Download' : g.kind === 'action' ? g.action : undefined;
  if (action !== undefined) node.action = action;
  if (g.collectionPath !== undefined) node.collectionPath = g.collectionPath;
  if (g.itemPath !== undefined) node.itemPath = g.itemPath;
  return node;
}

/** The entity and plural of a resource: the chosen names of a CRUD group, else from its name; an entity override wins. */
function resourceEntity(g: Group, named: NamedGroup, names: EntityNames | undefined): EntityNames {
  let entity: string;
  let plural: string;
  if (g.collection && names !== undefined) {
    entity = entityName(names.entity, 'Entity');
    plural = entityName(names.plural, 'Resource');
  } else {
    plural = entityName(named.name, 'Resource');
    entity = entityName(g.entityWord ?? singular(plural), 'Entity');
  }
  if (named.entity !== undefined) {
    entity = named.entity;
    plural = entityName(pluralOf(named.entity), 'Resource');
  }
  return { entity, plural: plural === entity ? `${entity}List` : plural };
}

/**
 * The names `overrides.operations.<id>.name` gives the members (undefined where none), taken first so a detected
 * name gives way to them; a name used twice in the resource is `RSL_OVERRIDE_INVALID` and dropped.
 */
function forcedNames(members: Group['members'], overrides: Record<string, OperationOverride>, used: Set<string>, resource: string, diagnostics: Diagnostics): Array<string | undefined> {
  const forced = members.map((m) => (m.op.operationId !== undefined && Object.hasOwn(overrides, m.op.operationId) ? overrides[m.op.operationId]?.name : undefined));
  forced.forEach((name, i) => {
    if (name === undefined) return;
    if (used.has(name.toLowerCase())) {
      diagnostics.add({
        code: 'RSL_OVERRIDE_INVALID',
        severity: 'error',
        message: `overrides.operations.${members[i]?.op.operationId ?? ''}.name "${name}" is the name of another method of resource "${resource}"`,
        location: `overrides.operations.${members[i]?.op.operationId ?? ''}.name`,
        hint: 'Method names of one resource must differ, also in case.',
      });
      forced[i] = undefined;
      return;
    }
    used.add(name.toLowerCase());
  });
  return forced;
}

/**
 * A name not yet used in the resource: the detected one, else the whole operationId (with the prefixes detection
 * dropped), else method and path, else the HTTP method before the name (`getDeletePetById`), else a number.
 */
function freeName(detected: string, detectedNote: string | undefined, op: OperationNode, used: ReadonlySet<string>): { name: string; note?: string } {
  let name = detected;
  let note = detectedNote;
  const whole = op.operationId !== undefined && camelWords(op.operationId) !== '' ? methodName(op.operationId) : undefined;
  if (used.has(name.toLowerCase()) && whole !== undefined && !used.has(whole.toLowerCase())) {
    return { name: whole, note: `"${name}" is taken in this resource, so named from its whole operationId` };
  }
  if (!used.has(name.toLowerCase())) return note === undefined ? { name } : { name, note };
  const alternative = pathName(op);
  const withMethod = fitName(`${op.method}${name.charAt(0).toUpperCase()}${name.slice(1)}`);
  if (!used.has(alternative.toLowerCase())) return { name: alternative, note: `"${name}" is taken in this resource, so named from method and path` };
  if (!name.toLowerCase().startsWith(op.method) && !used.has(withMethod.toLowerCase())) {
    return { name: withMethod, note: `"${name}" and "${alternative}" are taken in this resource, so named from method and name` };
  }
  let n = 2;
  while (used.has(`${name}${n}`.toLowerCase())) n++;
  note = `"${name}" is taken in this resource`;
  name = `${name}${n}`;
  return { name, note };
}

/** PascalCase name part for symbols (`Contact`, `File`): never empty, never starting with a digit, at most 80 characters. */
function entityName(input: string, fallback: string): string {
  const name = pascalWords(input) || fallback;
  return fitName(noLeadingDigit(name));
}

/** A safe camelCase method name: never empty, never a reserved word, never starting with a digit, at most 80 characters. */
function methodName(input: string, fallback = 'operation'): string {
  let id = noLeadingDigit(camelWords(input) || fallback);
  if (RESERVED_WORDS.has(id)) id = `${id}_`;
  return fitName(id);
}

const METHOD_WORD: Record<string, string> = { get: 'get', post: 'create', put: 'replace', patch: 'update', delete: 'delete', head: 'head', options: 'options', trace: 'trace' };

/** Name from method and path, for an operation without operationId: `replaceNotesId`; `getRoot` for `GET /`. */
const pathName = (op: OperationNode): string => methodName(`${METHOD_WORD[op.method] ?? op.method} ${camelWords(op.path.replace(/[{}]/g, ' ')) === '' ? 'root' : op.path.replace(/[{}]/g, ' ')}`);

const CRUD_ROLE_SET: ReadonlySet<OperationRole> = new Set(CRUD_ROLES);

/**
 * The method name of an operation: the spec name for the first holder of a CRUD role (`list<P>`, `get<E>`,
 * `create<E>`, `update<E>`, `delete<E>`) unless its operationId names a command verb (`startJob`); every other method is named from its operationId's words as detection
 * reads them (no tag, namespace, controller or version prefix: `issues/list-for-repo` → `listForRepo`); a second
 * holder of a role by its verb and the entity (`createProfile` for a second create), a PUT beside a PATCH on the same item `replace<E>`;
 * without such words, from role and entity (`archiveContact`, `downloadFile`, `getDashboardSummary`) or from
 * method and path.
 */
function operationName(
  role: OperationRole,
  op: OperationNode,
  r: { entity: string; plural: string; resource: string; action: string | undefined; verbOnly: boolean; firstOfRole: boolean; holder: boolean; replaces: boolean },
): { name: string; note?: string } {
  const read = readOperationId(op);
  if (CRUD_ROLE_SET.has(role)) {
    const spec = { list: `list${r.plural}`, read: `get${r.entity}`, create: `create${r.entity}`, update: `update${r.entity}`, delete: `delete${r.entity}` }[role as CrudRole];
    // A command verb names the operation better than the role's verb (`startJob`, not `createJob`).
    if (r.holder && read.verbClass === 'action') return { name: methodName(read.words.join(' ')), note: `named from its operationId's verb "${read.words[0] ?? ''}"` };
    if (r.holder) return { name: fitName(spec) };
    if (r.replaces) return { name: fitName(`replace${r.entity}`), note: 'a PUT beside a PATCH on the same item, named replace' };
    const verb = read.verbClass !== undefined && read.verbClass !== 'action' ? read.words[0] : undefined;
    if (verb !== undefined) return { name: methodName(`${verb} ${r.entity}`), note: `a second ${role}, named from its verb and entity` };
    if (op.method === 'put' && role === 'update') return { name: fitName(`replace${r.entity}`), note: 'a second update, named replace' };
  }
  if (read.words.length > 0) return { name: methodName(read.words.join(' ')), note: 'named from its operationId' };
  // A method-and-path operationId (`put_users_id_folders_0`) still names an `other` best.
  if (role === 'other' && op.operationId !== undefined && camelWords(op.operationId) !== '') return { name: methodName(op.operationId), note: 'named from its operationId' };
  const without = op.operationId === undefined ? 'no operationId' : `operationId ${op.operationId} only repeats the method and path`;
  const fromRole = (name: string) => ({ name: fitName(name), note: `${without}, named from role and entity` });
  switch (role) {
    case 'search':
      return fromRole(r.resource === 'search' ? 'search' : `search${pascalWords(r.resource.replace(/Search$/, '')) || r.entity}`);
    case 'summary':
      // A summary is one object named by its path (`/nodes` → `getNodes`, `/dashboard/summary` → `getDashboardSummary`);
      // one on a command path is named as the command is (`POST /ai/extract` → `extractAi`, `….get_map` → `getMap`).
      if (r.action === undefined) return fromRole(`get${pascalWords(r.resource) || r.entity}`);
    // falls through
    case 'action': {
      const verb = camelWords(r.action ?? 'action') || 'action';
      if (r.verbOnly) return fromRole(methodName(verb));
      return fromRole(r.firstOfRole && (op.method === 'post' || op.method === 'put') ? `${verb}${r.entity}` : `${METHOD_WORD[op.method] ?? op.method}${pascalWords(verb)}${r.entity}`);
    }
    case 'download':
      return fromRole(`download${r.entity}`);
    default:
      return { name: pathName(op), note: `${without}, named from method and path` };
  }
}

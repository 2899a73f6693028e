import type { DiffCode } from '../codes.js';
import type { ContractChange } from '../contract/compareContracts.js';
import type { SymbolChange } from './compareOutputs.js';
import { type IndexedOperation, operationTypePrefix } from './operationIndex.js';

/** A contract change with the generated symbols and files it affects. */
export interface LinkedChange extends ContractChange {
  /** Ids of the affected symbol changes (see `SymbolChange.id`). */
  symbols: string[];
  /** Files (relative to the output root) of those symbols. */
  files: string[];
}

/** Codes about one property: linked to the symbols whose type or entry has that property. */
const PROPERTY_CODES: ReadonlySet<DiffCode> = new Set([
  'RSL_DIFF_PROPERTY_REMOVED', 'RSL_DIFF_PROPERTY_ADDED', 'RSL_DIFF_REQUIRED_PROPERTY_ADDED',
  'RSL_DIFF_RESPONSE_PROPERTY_REMOVED', 'RSL_DIFF_PROPERTY_NOW_REQUIRED', 'RSL_DIFF_PROPERTY_NOW_OPTIONAL',
]);

/** What a symbol change is about: its resource, the operations it derives from, the property keys it names. */
interface Tags {
  resource?: string;
  operations: Set<string>;
  properties: Set<string>;
}

/** The last key of a literal entry's name: `contactsConfig.fields[lastName]` → `lastName`. */
const lastKey = (name: string) => /(?:\[([^\]]+)\]|\.([^.[\]]+))$/.exec(name)?.slice(1).find((x) => x !== undefined);

/**
 * Tags a symbol change with its resource (a folder or file-name prefix that is a resource of either model)
 * and its operations (by client method name, hook call, mock route, query key, permission or i18n action
 * key, or by the operation's type-name prefix, e.g. `ListContacts…`).
 */
function tag(s: SymbolChange, resources: ReadonlySet<string>, ops: ReadonlyArray<Map<string, IndexedOperation>>): Tags {
  const parts = s.file.split('/').flatMap((p) => [p, p.split('.')[0] as string]);
  const resource = parts.find((p) => resources.has(p));
  const operations = new Set<string>();
  const inResource = ops.flatMap((m) => [...m.values()].filter((o) => o.resource === resource));
  const member = s.name.includes('.') ? s.name.slice(s.name.indexOf('.') + 1) : undefined;
  const key = lastKey(s.name);
  for (const o of inResource) {
    const named = s.operation === o.name;
    const byKind =
      (s.kind === 'query key' && (member === o.name || member === `${o.name}Query` || (member === 'list' && o.role === 'list') || (member === 'detail' && o.role === 'read'))) ||
      (s.kind === 'permission' && (member === o.role || member === o.name)) ||
      (s.kind === 'i18n key' && member?.startsWith('actions.') === true && (key === o.role || key === o.name)) ||
      (s.kind === 'type' && s.name.startsWith(operationTypePrefix(o.name)) && /^[A-Z_]/.test(s.name.slice(operationTypePrefix(o.name).length) || 'X'));
    if (named || byKind) operations.add(o.key);
  }
  if (s.route) operations.add(s.route);
  const properties = new Set([...(s.removedProperties ?? []), ...(s.addedProperties ?? [])]);
  if (key !== undefined && (s.kind === 'config' || s.kind === 'i18n key') && !member?.startsWith('actions.')) properties.add(key);
  if (s.to) {
    const renamedKey = lastKey(s.to.name);
    if (renamedKey !== undefined) properties.add(renamedKey);
  }
  return { ...(resource !== undefined ? { resource } : {}), operations, properties };
}

/**
 * Links each contract change to the generated symbols it affects:
 * - a change about one property (removed, added, now required…) → the changed symbols whose type lost or
 *   gained that property, and the config fields, columns and i18n keys named after it, in the resources of
 *   the change's operations (or shared, like the component types); for a breaking change, also the
 *   breaking symbols of its operations (client methods and hooks whose signatures broke);
 * - any other change → the symbols of its operations (client method, types, hooks, query keys, mock
 *   handlers, permissions, i18n actions), and the component type of its schema.
 * @param changes the contract changes
 * @param symbols the symbol changes of the generated layer
 * @param before the old model's operations; @param after the new model's
 */
export function linkChanges(changes: readonly ContractChange[], symbols: readonly SymbolChange[], before: Map<string, IndexedOperation>, after: Map<string, IndexedOperation>): LinkedChange[] {
  const resources = new Set([...before.values(), ...after.values()].map((o) => o.resource));
  const tagged = symbols.map((s) => ({ s, t: tag(s, resources, s.status === 'removed' || s.status === 'renamed' ? [before, after] : [after, before]) }));
  return changes.map((c) => {
    const ops = new Set(c.operations);
    const changeResources = new Set(c.operations.flatMap((k) => [before.get(k)?.resource, after.get(k)?.resource]).filter((r): r is string => r !== undefined));
    const isProperty = PROPERTY_CODES.has(c.code) && c.subject !== undefined;
    const linked = tagged.filter(({ s, t }) => {
      const byOperation = [...t.operations].some((k) => ops.has(k));
      if (isProperty) {
        const scoped = t.resource === undefined || changeResources.has(t.resource);
        if (scoped && t.properties.has(c.subject as string)) return true;
        return c.level === 'breaking' && s.level === 'breaking' && byOperation;
      }
      if (byOperation) return true;
      return c.schema !== undefined && s.kind === 'type' && s.name === c.schema && t.resource === undefined;
    });
    const ids = linked.map(({ s }) => s.id);
    const files = [...new Set(linked.map(({ s }) => s.file))].sort();
    return { ...c, symbols: ids, files };
  });
}

import type { OperationNode, OperationRole, ResourceKind } from '../model/types.js';

/** An operation in a group, with its role and the structural half of its reason. */
export interface Member {
  op: OperationNode;
  role: OperationRole;
  /** Why the role, e.g. `list: GET on collection /pets; operationId listPets agrees`. */
  why: string;
}

/** Operations detected as one resource, before it is named. */
export interface Group {
  kind: ResourceKind;
  /** Grouping key (unique per group). */
  key: string;
  /** Static path segments the name is made from (no parameters, no digit-only segments). */
  words: string[];
  /** Fewest trailing segments a name is made of: 1 for a top-level collection, 2 otherwise. */
  minWords: number;
  /** True for a CRUD collection (entity and plural come from the name's segments). */
  collection: boolean;
  /**
   * True for a sub-collection the path names in the singular, found by its paged GET (`/pools/{id}/history`): its list
   * keeps the path's word, as an uncountable noun's does (`listHistory`, entity `HistoryItem`).
   */
  singularName?: boolean;
  /** Singular entity source word (PascalCase) or undefined to derive from the name. */
  entityWord?: string;
  /** PascalCase verb of an action (`Archive`), or `Download`. */
  action?: string;
  /** An action on a one-segment path (`POST /login`): its method is named by the verb alone. */
  verbOnly?: boolean;
  collectionPath?: string;
  itemPath?: string;
  members: Member[];
}

/** A name candidate and the path segments it is made of. */
export interface Candidate {
  name: string;
  segments: string[];
}

/** A group with its final name and the segments the name is made of. */
export interface NamedGroup {
  name: string;
  segments: string[];
  /** True when the name is not the first candidate. */
  renamed: boolean;
  /** Entity override from the config. */
  entity?: string;
  /** Config key that renamed the resource. */
  overriddenFrom?: string;
}

/** Order of the operations of a resource by role. */
export const ROLE_ORDER: readonly OperationRole[] = ['list', 'read', 'create', 'update', 'delete', 'search', 'summary', 'action', 'download', 'other'];

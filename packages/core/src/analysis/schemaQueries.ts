import type { SchemaNode } from '../model/types.js';

/**
 * True when a schema holds a `$ref` anywhere (so its type may recurse).
 * @param node the schema
 * @returns true when a `ref` node is reachable without following references
 */
export function containsRef(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'ref':
      return true;
    case 'array':
      return containsRef(node.items);
    case 'object':
      return node.properties.some((p) => containsRef(p.schema)) || (typeof node.additionalProperties === 'object' && containsRef(node.additionalProperties));
    case 'union':
      return node.variants.some(containsRef);
    case 'intersection':
      return node.members.some(containsRef);
    default:
      return false;
  }
}


import { expectGoldenTree } from '../../../test/utils/golden.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArraySchema, NumberSchema, ObjectSchema, PropertyNode, RefSchema, SchemaNode, StringSchema } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';

/** packages/plugin-config-meta/test */
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Repository root. */
export const REPO_ROOT = path.resolve(TEST_DIR, '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
/** Golden files root. */
export const GOLDEN_DIR = path.join(TEST_DIR, '__golden__');

type Extra<S> = Partial<Omit<S, 'kind' | 'pointer'>>;

export const str = (extra: Extra<StringSchema> = {}): StringSchema => createSchema<StringSchema>({ kind: 'string', ...extra });
export const num = (extra: Extra<NumberSchema> = {}): NumberSchema => createSchema<NumberSchema>({ kind: 'number', integer: false, ...extra });
export const int = (extra: Extra<NumberSchema> = {}): NumberSchema => num({ integer: true, ...extra });
export const ref = (target: string, extra: Extra<RefSchema> = {}): RefSchema => createSchema<RefSchema>({ kind: 'ref', target, ...extra });
export const arr = (items: SchemaNode, extra: Extra<ArraySchema> = {}): ArraySchema => createSchema<ArraySchema>({ kind: 'array', items, ...extra });
export const bool = (): SchemaNode => createSchema({ kind: 'boolean' });

/**
 * An object schema; properties are sorted by name (a fixed order for the tests; the IR keeps the contract's order).
 * @param props name → schema
 * @param required required names
 */
export function obj(props: Record<string, SchemaNode>, required: string[] = [], extra: Extra<ObjectSchema> = {}): ObjectSchema {
  const properties: PropertyNode[] = Object.keys(props)
    .sort()
    .map((name) => ({ name, required: required.includes(name), schema: props[name] as SchemaNode }));
  return createSchema<ObjectSchema>({ kind: 'object', properties, ...extra });
}

/** A JSON response/request media content. */
export const json = (schema: SchemaNode) => ({ mediaType: 'application/json', schema });

/**
 * Compares files with `__golden__/<name>/<path>`; with `UPDATE_GOLDEN=1` rewrites them instead.
 * Also fails when the golden folder holds a file that was not produced.
 * @param name case name
 * @param files generated files
 */
export async function expectGolden(name: string, files: ReadonlyArray<{ path: string; contents: string }>): Promise<void> {
  expectGoldenTree(path.join(GOLDEN_DIR, name), files);
}

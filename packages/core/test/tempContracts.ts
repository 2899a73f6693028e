import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { loadContract } from '../src/contract/loadContract.js';
import { normalizeContract } from '../src/contract/normalize.js';
import { Diagnostics } from '../src/diagnostics/Diagnostics.js';
import type { ApiModel, NamedSchema, SchemaNode } from '../src/model/types.js';
import type { ResolvedConfig } from '../src/config/types.js';
import type { Plugin } from '../src/plugin/definePlugin.js';
import { DEMO_CONTRACT } from './paths.js';

/**
 * A temporary folder for contract files, removed by {@link TempDir.cleanup}.
 * Use one per test file: `const tmp = new TempDir(); afterAll(() => tmp.cleanup());`.
 */
export class TempDir {
  #root: string | undefined;

  /** Creates (once) and returns the folder. */
  async root(): Promise<string> {
    this.#root ??= await mkdtemp(path.join(os.tmpdir(), 'reslayer-core-test-'));
    return this.#root;
  }

  /** A fresh sub-folder. */
  async sub(name: string): Promise<string> {
    const dir = await mkdtemp(path.join(await this.root(), `${name}-`));
    return dir;
  }

  /**
   * Writes a file; objects are serialized as JSON (`.json`) or YAML (anything else), strings are written as is.
   * @returns its absolute path
   */
  async write(relative: string, contents: unknown): Promise<string> {
    const file = path.join(await this.root(), relative);
    await mkdir(path.dirname(file), { recursive: true });
    const text = typeof contents === 'string' ? contents : file.endsWith('.json') ? JSON.stringify(contents, null, 2) : yaml.dump(contents);
    await writeFile(file, text, 'utf8');
    return file;
  }

  async cleanup(): Promise<void> {
    if (this.#root) await rm(this.#root, { recursive: true, force: true });
  }
}

let counter = 0;

/** A minimal OpenAPI document (one `GET /ping`) with the given component schemas and optional extra root fields. */
export function docWithSchemas(schemas: Record<string, unknown>, extra: Record<string, unknown> = {}, openapi = '3.1.0'): Record<string, unknown> {
  const paths = { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'pong' } } } } };
  return { openapi, info: { title: 'Schemas', version: '1.0.0' }, paths, components: { schemas }, ...extra };
}

/** Writes the document to a temporary file, loads and normalizes it. */
export async function normalizeDocument(
  tmp: TempDir,
  document: Record<string, unknown>,
): Promise<{ model: ApiModel; diagnostics: Diagnostics; named(key: string): NamedSchema }> {
  counter += 1;
  const file = await tmp.write(`doc-${counter}.json`, document);
  const diagnostics = new Diagnostics();
  const model = normalizeContract(await loadContract(file), diagnostics);
  return {
    model,
    diagnostics,
    named(key: string): NamedSchema {
      const found = model.schemas.find((s) => s.name === key);
      if (!found) throw new Error(`no named schema ${key}; have ${model.schemas.map((s) => s.name).join(', ')}`);
      return found;
    },
  };
}

/**
 * Normalizes one component schema `S` (plus optional sibling components) in a document written under
 * `tmp`, and returns its node.
 */
export async function normalizeOne(tmp: TempDir, schema: unknown, others: Record<string, unknown> = {}, openapi = '3.1.0'): Promise<SchemaNode> {
  const { named } = await normalizeDocument(tmp, docWithSchemas({ S: schema, ...others }, {}, openapi));
  return named('S').schema;
}

/** A resolved config over `input` (the demo contract by default) with the given plugins, writing under `tmp`. */
export async function demoConfig(tmp: TempDir, plugins: Plugin[], input = DEMO_CONTRACT): Promise<ResolvedConfig> {
  return { input, outputRoot: path.join(await tmp.root(), 'out'), srcDir: 'src', plugins, allowRemoteRefs: false };
}

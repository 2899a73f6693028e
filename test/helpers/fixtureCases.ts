// The fixture contracts of the fixture tests (fixtures/openapi): each case, its operations, and its
// generation through the built CLI, made once per test file and cached.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract } from '@reslayer/core/host';
import { generate, type Generation } from './cli.js';
import { fixture } from './paths.js';

export interface FixtureCase {
  /** Output folder under `.fixtures-out`. */
  name: string;
  /** Contract under fixtures/openapi. */
  contract: string;
  /** Every operation of the contract, `METHOD path`. */
  operations: string[];
}

export const CASES: FixtureCase[] = [
  {
    name: 'multifile',
    contract: 'multifile/openapi.yaml',
    operations: ['GET /health', 'GET /owners/{ownerId}/pets', 'GET /pets', 'POST /pets', 'GET /pets/{petId}', 'PATCH /pets/{petId}', 'DELETE /pets/{petId}'],
  },
  {
    name: '3.1-features',
    contract: '3.1/features.yaml',
    operations: ['GET /documents', 'POST /documents', 'GET /documents/{documentId}', 'GET /folders/{folderId}', 'GET /measurements'],
  },
  { name: '3.1-webhooks-only', contract: '3.1/webhooks-only.yaml', operations: [] },
  {
    name: '3.2-features',
    contract: '3.2/features.yaml',
    operations: [
      'GET /products', 'POST /products', 'QUERY /products', 'GET /products/{productId}', 'LINK /products/{productId}', 'GET /price-changes',
      'GET /product-exports', 'QUERY /audit-entries',
    ],
  },
  {
    name: '3.0-composition',
    contract: '3.0/composition.yaml',
    operations: [
      'GET /categories/{categoryId}', 'PUT /documents/{documentId}/content', 'POST /notifications', 'GET /pets', 'POST /pets',
      'GET /pets/{petId}', 'GET /settings', 'PUT /settings', 'GET /shapes', 'GET /values', 'GET /vehicles',
    ],
  },
  {
    name: '3.0-naming',
    contract: '3.0/naming.yaml',
    operations: [
      'GET /matrix/{row}/{col}', 'OPTIONS /matrix/{row}/{col}', 'GET /orgs/{org}/members', 'GET /orgs/{org}/members/{memberId}',
      'PUT /settings', 'PATCH /settings', 'DELETE /settings', 'GET /teams/{team}/members', 'DELETE /teams/{team}/members/{memberId}',
      'PUT /toolbox', 'PATCH /toolbox', 'DELETE /toolbox', 'PUT /tools', 'PATCH /tools', 'DELETE /tools', 'GET /user-profiles',
      'GET /user-profiles/{class}', 'DELETE /user-profiles/{class}',
    ],
  },
  {
    name: '3.0-operations',
    contract: '3.0/operations.yaml',
    operations: [
      'GET /branches', 'GET /branches/{branchId}', 'GET /branches/{branchId}/loans', 'POST /branches/{branchId}/loans',
      'GET /branches/{branchId}/loans/{loanId}', 'PUT /branches/{branchId}/loans/{loanId}', 'DELETE /branches/{branchId}/loans/{loanId}',
      'POST /branches/{branchId}/loans/{loanId}/renew', 'POST /documents', 'GET /documents/{documentId}/content',
      'PUT /documents/{documentId}/content', 'GET /exports', 'POST /jobs', 'POST /oauth/token', 'GET /ping', 'HEAD /ping',
      'GET /reports/{reportId}',
    ],
  },
  {
    name: '3.0-directory-classes',
    contract: '3.0/directory-classes.yaml',
    operations: [
      'GET /accounts/{accountId}', 'GET /changes', 'GET /counts/{term}/{includeChildren}', 'GET /custompages', 'GET /custompages/{slug}',
      'GET /groups/System.{location}/fabricLocations/{location}/results/{resultId}', 'GET /profiles/{profileId}', 'GET /promises/{promiseId}', 'GET /records',
      'GET /records/{recordId}', 'PUT /records/{recordId}', 'DELETE /records/{recordId}', 'GET /tags/{ids}/summary',
      'GET /messages/{msgId}',
    ],
  },
];

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
export const sortOps = (ops: Iterable<string>) => [...ops].sort();
export const read = (file: string) => readFileSync(file, 'utf8');

/** Operations of a contract as the loader bundles it (external files and path item `$ref`s followed). */
export async function contractOperations(contract: string): Promise<string[]> {
  const { document } = await loadContract(contract);
  const ops: string[] = [];
  for (const [p, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const m of METHODS) if (item[m] !== undefined) ops.push(`${m.toUpperCase()} ${p}`);
    for (const m of Object.keys((item['additionalOperations'] ?? {}) as object)) ops.push(`${m.toUpperCase()} ${p}`);
  }
  return sortOps(ops);
}

export const runs = new Map<string, Generation>();
export function generated(name: string): Generation {
  let g = runs.get(name);
  if (!g) {
    const c = CASES.find((x) => x.name === name);
    if (!c) throw new Error(`no case ${name}`);
    g = generate(c.name, fixture(c.contract));
    runs.set(name, g);
  }
  return g;
}

/** Contents of a generated file, by its path under `<out>/src/`. */
export function src(name: string, relative: string): string {
  return read(path.join(generated(name).outDir, 'src', relative));
}

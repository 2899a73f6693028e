import type { ApiModel, Diagnostic, ResourceKind, ResourceNode } from '@reslayer/core';
import { countDiagnostics, formatCounts } from './formatDiagnostics.js';
import type { Colors } from './formatError.js';
import { formatTable } from './table.js';

/** One operation of a resource in `inspect --json`. */
export interface OperationJson {
  /** Upper-case HTTP method. */
  method: string;
  path: string;
  /** `operationId` as written in the contract, or null when absent. */
  operationId: string | null;
  /** Role of the operation in its resource, e.g. `list`, `action`. */
  role: string;
  /** The generated method name, e.g. `listContacts`. */
  name: string;
  /** Why detection gave the operation its role and name, e.g. `list: GET on collection /pets; operationId listPets agrees`. */
  reason: string | null;
}

/** One detection record in `inspect --json`. */
export interface ResourceJson {
  resource: string;
  entity: string;
  kind: ResourceKind;
  crudCandidate: boolean;
  missingOperations: string[];
  operations: OperationJson[];
}

/** Resource kinds in the order totals list them. */
const KIND_ORDER: readonly ResourceKind[] = ['crud', 'search', 'summary', 'action', 'download', 'other'];

/**
 * Converts the detected resources of a model into detection records for JSON output.
 * @param model the model after `detect`
 * @returns one record per resource, in model order (sorted by resource name)
 */
export function resourcesToJson(model: ApiModel): ResourceJson[] {
  const byKey = new Map(model.operations.map((o) => [o.key, o] as const));
  return model.resources.map((r: ResourceNode) => ({
    resource: r.resource,
    entity: r.entity,
    kind: r.resourceKind,
    crudCandidate: r.crudCandidate,
    missingOperations: [...r.missingOperations],
    operations: r.operations.map((op) => {
      const node = byKey.get(op.operationKey);
      const [method = '', ...rest] = op.operationKey.split(' ');
      return {
        method: (node?.method ?? method).toUpperCase(),
        path: node?.path ?? rest.join(' '),
        operationId: node?.operationId ?? null,
        role: op.role,
        name: op.name,
        reason: op.reason ?? null,
      };
    }),
  }));
}

/**
 * Counts resources per kind, in a fixed kind order, leaving out kinds with no resource.
 * @param resources detected resources
 * @returns e.g. `[['crud', 2], ['search', 1]]`
 */
export function countByKind(resources: readonly Pick<ResourceNode, 'resourceKind'>[]): Array<[ResourceKind, number]> {
  return KIND_ORDER.map((k) => [k, resources.filter((r) => r.resourceKind === k).length] as [ResourceKind, number]).filter(([, n]) => n > 0);
}

/** Column titles of the resource table (text and HTML): Resource, Entity, Kind, CRUD candidate, Missing operations, Operations. */
export const RESOURCE_HEADERS = ['Resource', 'Entity', 'Kind', 'CRUD candidate', 'Missing operations', 'Operations'] as const;

/**
 * The "CRUD candidate" cell: `yes`, `no`, or for a `crud` resource that is not one, what it lacks of the
 * list and read a CRUD candidate needs, e.g. `no (no list, read)`.
 * @param r a detection record
 */
export function crudCandidateCell(r: Pick<ResourceJson, 'kind' | 'crudCandidate' | 'missingOperations'>): string {
  if (r.crudCandidate) return 'yes';
  const lacks = r.missingOperations.filter((op) => op === 'list' || op === 'read');
  return r.kind === 'crud' && lacks.length > 0 ? `no (no ${lacks.join(', ')})` : 'no';
}

/**
 * The cells of the resource table, shared by the text output and the HTML report.
 * @param records detection records
 */
export function resourceRows(records: readonly ResourceJson[]): string[][] {
  return records.map((r) => [
    r.resource,
    r.entity,
    r.kind,
    crudCandidateCell(r),
    r.missingOperations.length > 0 ? r.missingOperations.join(', ') : '-',
    String(r.operations.length),
  ]);
}

/**
 * Formats the detection records as an aligned table followed by the totals.
 * @param model the model after `detect`
 * @param colors stdout colors
 * @param diagnostics the run's diagnostics, summarized in the last line
 * @returns lines to print
 */
export function formatResources(model: ApiModel, colors: Colors, diagnostics: readonly Diagnostic[] = []): string[] {
  const records = resourcesToJson(model);
  const lines = [`${colors.bold(model.meta.title)} ${model.meta.version} ${colors.dim(`(OpenAPI ${model.meta.openapi})`)}`, ''];
  if (records.length === 0) lines.push('No resources detected.');
  else lines.push(...formatTable(RESOURCE_HEADERS, resourceRows(records), (text, row, column) => (row < 0 ? colors.bold(text) : column === 0 ? colors.cyan(text) : text)));
  const partial = records.filter((r) => r.kind === 'crud' && r.missingOperations.length > 0);
  if (partial.length > 0) {
    lines.push(
      '',
      `${partial.length} partial CRUD ${partial.length === 1 ? 'resource' : 'resources'} (${partial.map((r) => `${r.resource}: no ${r.missingOperations.join(', ')}`).join('; ')}).`,
      colors.dim('A CRUD candidate needs list and read; a partial resource is generated with the operations it has (`reslayer explain RSL_RESOURCE_PARTIAL`).'),
    );
  }
  if (records.length > 0) {
    lines.push('', colors.bold('Operations'), colors.dim('resource.method  METHOD path  (role): why'));
    for (const r of records) {
      for (const op of r.operations) lines.push(`  ${colors.cyan(r.resource)}.${op.name}  ${op.method} ${op.path}  (${op.role})${op.reason ? `: ${colors.dim(op.reason)}` : ''}`);
    }
  }
  const kinds = countByKind(model.resources).map(([k, n]) => `${n} ${k}`);
  const n = records.length;
  const ops = model.operations.length;
  lines.push('', `${colors.bold(String(n))} ${n === 1 ? 'resource' : 'resources'}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}, ${colors.bold(String(ops))} ${ops === 1 ? 'operation' : 'operations'}`);
  if (diagnostics.length > 0) {
    const total = diagnostics.length;
    lines.push(`${total} ${total === 1 ? 'diagnostic' : 'diagnostics'} (${formatCounts(countDiagnostics(diagnostics))}): run \`reslayer lint\` for details`);
  }
  return lines;
}

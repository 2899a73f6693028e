import type { ApiModel, Diagnostic, ResourceNode } from '@reslayer/core';
import type { ResourceKind } from '@reslayer/core/host';
import { countDiagnostics, formatCounts } from './formatDiagnostics.js';
import type { Colors } from './formatError.js';
import { asInvoked, cmd } from './invocation.js';
import { ellipsis, formatTableWithin, wrapText } from './table.js';

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
  /** The detected kind; `read-only` for a CRUD resource without create, update or delete. */
  kind: ResourceKind | 'read-only';
  crudCandidate: boolean;
  missingOperations: string[];
  operations: OperationJson[];
}

/** Resource kinds in the order totals list them. */
const KIND_ORDER: ReadonlyArray<ResourceJson['kind']> = ['crud', 'read-only', 'search', 'summary', 'action', 'download', 'other'];

/** True for a CRUD resource that only reads: every operation a `GET` or `HEAD` (no create, update, delete or other write). */
const readOnly = (r: ResourceNode): boolean => r.resourceKind === 'crud' && r.operations.every((o) => /^(GET|HEAD) /i.test(o.operationKey));

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
    kind: readOnly(r) ? 'read-only' : r.resourceKind,
    crudCandidate: r.crudCandidate,
    // A read-only resource misses no write: only a list or read it lacks is listed.
    missingOperations: readOnly(r) ? r.missingOperations.filter((o) => o === 'list' || o === 'read') : [...r.missingOperations],
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
 * @param records detection records
 * @returns e.g. `[['crud', 2], ['read-only', 1], ['search', 1]]`
 */
export function countByKind(records: readonly Pick<ResourceJson, 'kind'>[]): Array<[ResourceJson['kind'], number]> {
  return KIND_ORDER.map((k) => [k, records.filter((r) => r.kind === k).length] as [ResourceJson['kind'], number]).filter(([, n]) => n > 0);
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

/** The widest line `inspect` prints. */
export const INSPECT_WIDTH = 120;

/** Roles in the order the summary lists them. */
const ROLE_ORDER = ['list', 'read', 'create', 'update', 'delete', 'search', 'summary', 'action', 'download', 'other'];

/**
 * The "Roles" cell of the summary: the roles of a resource's operations in a fixed order, a repeated one counted.
 * @param r a detection record
 * @returns e.g. `list, read, action ×2`
 */
export function rolesCell(r: Pick<ResourceJson, 'operations'>): string {
  const counts = new Map<string, number>();
  for (const op of r.operations) counts.set(op.role, (counts.get(op.role) ?? 0) + 1);
  const order = [...ROLE_ORDER, ...[...counts.keys()].filter((k) => !ROLE_ORDER.includes(k)).sort()];
  return order.filter((role) => counts.has(role)).map((role) => ((counts.get(role) ?? 0) > 1 ? `${role} ×${counts.get(role) ?? 0}` : role)).join(', ');
}

/**
 * What `inspect` prints: the contract's title, a summary table of the resources (name, kind, operations, roles
 * found, missing CRUD operations) within {@link INSPECT_WIDTH} columns (long cells cut with an ellipsis), the totals
 * and, with `operations`, every operation with its method name, role and why (the reason wrapped below it).
 * @param model the model after `detect`
 * @param colors stdout colors
 * @param diagnostics the run's diagnostics, summarized in the last line
 * @param operations list every operation too (`--operations`)
 * @returns lines to print, none longer than {@link INSPECT_WIDTH} characters (colors aside)
 */
export function formatInspect(model: ApiModel, colors: Colors, diagnostics: readonly Diagnostic[] = [], operations = false): string[] {
  const records = resourcesToJson(model);
  const title = ellipsis(`${model.meta.title} ${model.meta.version}`, INSPECT_WIDTH - ` (OpenAPI ${model.meta.openapi})`.length);
  const lines = [`${colors.bold(title)} ${colors.dim(`(OpenAPI ${model.meta.openapi})`)}`, ''];
  if (records.length === 0) lines.push('No resources detected.');
  else {
    const rows = records.map((r) => [r.resource, r.kind, String(r.operations.length), rolesCell(r), r.missingOperations.length > 0 ? r.missingOperations.join(', ') : '-']);
    const style = (text: string, row: number, column: number) => (row < 0 ? colors.bold(text) : column === 0 ? colors.cyan(text) : text);
    lines.push(...formatTableWithin(['Resource', 'Kind', 'Ops', 'Roles', 'Missing'], rows, { maxWidth: INSPECT_WIDTH, shrinkable: [0, 3, 4], minWidth: 12 }, style));
  }
  const partial = records.filter((r) => r.kind === 'crud' && r.missingOperations.length > 0).length;
  if (partial > 0) {
    lines.push('', `${partial} partial CRUD ${partial === 1 ? 'resource: generated with the operations it has' : 'resources: generated with the operations they have'}; "Missing" lists the rest.`);
    lines.push(colors.dim(asInvoked('A CRUD candidate needs list and read (`reslayer explain RSL_RESOURCE_PARTIAL`).')));
  }
  if (operations && records.length > 0) lines.push('', ...operationLines(records, colors));
  const kinds = countByKind(records).map(([k, n]) => `${n} ${k}`);
  const n = records.length;
  const ops = model.operations.length;
  lines.push('', `${colors.bold(String(n))} ${n === 1 ? 'resource' : 'resources'}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}, ${colors.bold(String(ops))} ${ops === 1 ? 'operation' : 'operations'}`);
  if (diagnostics.length > 0) {
    const total = diagnostics.length;
    lines.push(`${total} ${total === 1 ? 'diagnostic' : 'diagnostics'} (${formatCounts(countDiagnostics(diagnostics))}): run \`${cmd('lint')}\` for details`);
  }
  if (!operations && records.length > 0) lines.push(colors.dim('Add --operations to list each operation with its method name, role and why.'));
  return lines;
}

/** The `--operations` part: `resource.method  METHOD path  (role)` (the request on a line of its own when too long), then why, wrapped and indented. */
function operationLines(records: readonly ResourceJson[], colors: Colors): string[] {
  const lines = [colors.bold('Operations'), colors.dim('resource.method  METHOD path  (role), then why')];
  for (const r of records) {
    for (const op of r.operations) {
      const [name, request] = [`${r.resource}.${op.name}`, `${op.method} ${op.path}`];
      const head = `${name}  ${request}  (${op.role})`;
      // A line that would be too long puts the request on a line of its own.
      if (head.length <= INSPECT_WIDTH - 2) lines.push(`  ${colors.cyan(name)}  ${request}  (${op.role})`);
      else lines.push(`  ${colors.cyan(ellipsis(`${name}  (${op.role})`, INSPECT_WIDTH - 2))}`, `      ${ellipsis(request, INSPECT_WIDTH - 6)}`);
      if (op.reason) lines.push(...wrapText(op.reason, INSPECT_WIDTH - 6).map((l) => `      ${colors.dim(ellipsis(l, INSPECT_WIDTH - 6))}`));
    }
  }
  return lines;
}

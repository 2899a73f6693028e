import type { ApiModel, OperationNode } from '../model/types.js';
import { HTTP_METHODS } from '../model/types.js';
import type { LoadedContract } from './loadContract.js';
import { SchemaNormalizer } from './normalizeSchema.js';
import { normalizeOperations } from './normalizeOperations.js';
import { Diagnostics, cmp } from '../diagnostics/Diagnostics.js';
import { findAllOfConflicts } from '../analysis/allOfConflicts.js';
import { getSchemaTypeNames } from '../analysis/schemaTypeNames.js';

type Raw = Record<string, unknown>;

/**
 * Normalizes a loaded contract into an {@link ApiModel} (with `resources` still empty; the `detect`
 * hook fills them). Contract problems become diagnostics; nothing here throws on bad contracts.
 *
 * @param contract the bundled contract from `loadContract`
 * @param diagnostics where findings go
 * @returns the model: meta, named schemas sorted by type name, operations sorted by path then method
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function normalizeContract(contract: LoadedContract, diagnostics: Diagnostics): ApiModel {
  const doc = contract.document as unknown as Raw;
  // The passes, in order: the named schemas, the operations (their schemas through the same pass), the
  // operationIds, the document's meta, and the allOf members that contradict each other.
  const schemas = new SchemaNormalizer(doc, diagnostics);
  const operations = normalizeOperations(doc, schemas, diagnostics);
  reportOperationIds(operations, diagnostics);
  const meta = normalizeMeta(doc, contract.file);
  if (operations.length === 0) {
    diagnostics.add({
      code: 'RSL_NO_PATHS',
      severity: 'info',
      message: meta.webhookOperations > 0
        ? `the document has no paths, only ${meta.webhookOperations} webhook operation(s); no resources are generated`
        : 'the document has no operations under paths; no resources are generated',
      location: '#/paths',
      hint: 'Webhooks describe requests the API sends, so they get no client.',
    });
  }
  const model: ApiModel = { meta, schemas: schemas.namedSchemas(), operations, resources: [] };
  reportAllOfConflicts(model, diagnostics);
  return model;
}

/** The meta pass: the document's title, version, OpenAPI version, first server, security schemes and webhooks. */
function normalizeMeta(doc: Raw, file: string): ApiModel['meta'] {
  const info = (doc['info'] ?? {}) as Raw;
  const servers = Array.isArray(doc['servers']) ? (doc['servers'] as Raw[]) : [];
  const webhooks = (doc['webhooks'] && typeof doc['webhooks'] === 'object' ? doc['webhooks'] : {}) as Raw;
  const webhookOperations = Object.values(webhooks).reduce<number>(
    (n, item) => n + (item && typeof item === 'object' ? HTTP_METHODS.filter((m) => (item as Raw)[m] !== undefined).length : 0),
    0,
  );
  const schemes = ((doc['components'] as Raw | undefined)?.['securitySchemes'] ?? {}) as Raw;
  const meta: ApiModel['meta'] = {
    title: typeof info['title'] === 'string' ? info['title'] : 'API',
    version: typeof info['version'] === 'string' ? info['version'] : String(info['version'] ?? ''),
    openapi: typeof doc['openapi'] === 'string' ? doc['openapi'] : '3.0.0',
    sourceFile: file,
    securitySchemes: Object.keys(schemes).sort(cmp),
    webhookOperations,
  };
  const serverUrl = servers[0]?.['url'];
  if (typeof serverUrl === 'string') meta.serverUrl = serverUrl;
  return meta;
}

/** One `RSL_ALLOF_CONFLICT` warning per `allOf` and property whose members contradict each other. */
function reportAllOfConflicts(model: ApiModel, diagnostics: Diagnostics): void {
  for (const c of findAllOfConflicts(model, getSchemaTypeNames(model))) {
    diagnostics.add({
      code: 'RSL_ALLOF_CONFLICT',
      severity: 'warning',
      message: `allOf of "${c.owner}" declares "${c.property}" as ${c.earlier} in ${c.earlierLabel} and as ${c.later} in ${c.laterLabel}; no value is both, so the later one is used`,
      location: c.pointer,
      hint: `Make the allOf members agree on "${c.property}". The generated type is Omit<${c.earlierLabel}, '${c.property}'> & … (the later member wins).`,
    });
  }
}

function reportOperationIds(operations: OperationNode[], diagnostics: Diagnostics): void {
  const seen = new Map<string, OperationNode>();
  for (const op of operations) {
    if (op.operationId === undefined) {
      diagnostics.add({
        code: 'RSL_OPERATION_ID_MISSING',
        severity: 'info',
        message: 'operation has no operationId; names are derived from method and path',
        location: op.key,
        hint: 'Add an operationId to control generated names.',
      });
      continue;
    }
    const first = seen.get(op.operationId);
    if (first) {
      diagnostics.add({
        code: 'RSL_OPERATION_ID_DUPLICATE',
        severity: 'warning',
        message: `operationId "${op.operationId}" is also used by ${first.key}`,
        location: op.key,
        hint: 'operationIds must be unique (OpenAPI 3, Operation Object); generated names stay distinct anyway.',
      });
    } else seen.set(op.operationId, op);
  }
}

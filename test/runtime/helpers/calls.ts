// Plans one valid call of every generated client method from the normalized model: the method, its
// positional arguments (path args, payload, params; see plugin-client's describeOperation), what the
// response must look like, and which declared error status can be forced.
import path from 'node:path';
import type { ApiModel, SchemaNode } from '@reslayer/core';
import { Diagnostics, detectResources, loadContract, normalizeContract } from '@reslayer/core/host';
import { describeOperation, type OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { AuthConfig } from '@reslayer/runtime';
import { Sampler, type SampleMode } from './sample.js';

/** One planned client call. */
export interface PlannedCall {
  /** `METHOD path` (the model's operation key). */
  key: string;
  /** Label for test names: `contactsClient.listContacts (GET /api/v1/contacts)`. */
  label: string;
  resource: string;
  /** Client object export name, e.g. `contactsClient`. */
  clientObject: string;
  /** Client method name. */
  method: string;
  /** The generated client file, relative to the source root (`shared/api/generated/…/x.client.ts`). */
  clientFile: string;
  /**
   * Fresh positional arguments (without `options`): Blobs and objects are rebuilt for every call. The payload is
   * sampled in `write` mode (readOnly properties left out) unless `payloadMode` says otherwise.
   */
  args: (options?: { payloadMode?: SampleMode }) => unknown[];
  /** How the client reads the success body. */
  responseType: OperationSignature['response']['responseType'];
  /** Schema of the success body the client reads, when the success response has content. */
  responseSchema?: SchemaNode;
  /** A declared error status to force with `Prefer: code=<status>`, preferring one with JSON content. */
  forcedError?: { status: number; json: boolean };
  signature: OperationSignature;
}

/** A contract's model and its planned calls. */
export interface CallPlan {
  model: ApiModel;
  calls: PlannedCall[];
  sampler: Sampler;
  /** Client credentials that satisfy every security scheme of the contract (test values). */
  security: { auth?: AuthConfig; headers: Record<string, string> };
}

/**
 * Loads a contract as the generator does (load → normalize → detect) and plans one call per operation.
 * @param contract absolute path of the contract
 */
export async function planCalls(contract: string): Promise<CallPlan> {
  const diagnostics = new Diagnostics();
  const loaded = await loadContract(contract);
  const model = detectResources(normalizeContract(loaded, diagnostics), diagnostics);
  const sampler = new Sampler(model);
  const calls: PlannedCall[] = [];
  for (const resource of model.resources) {
    for (const op of resource.operations) {
      const sig = describeOperation(model, resource, op);
      calls.push(planCall(sig, sampler));
    }
  }
  const schemes = ((loaded.document.components as Record<string, unknown> | undefined)?.['securitySchemes'] ?? {}) as Record<string, Record<string, unknown>>;
  return { model, calls, sampler, security: securityFor(schemes) };
}

function planCall(sig: OperationSignature, sampler: Sampler): PlannedCall {
  const args = (options: { payloadMode?: SampleMode } = {}): unknown[] => {
    const out: unknown[] = [];
    for (const a of sig.pathArgs) {
      const v = sampler.sample(a.param.schema, { mode: 'write' });
      out.push(typeof v === 'number' || typeof v === 'string' ? v : String(v));
    }
    if (sig.payload) out.push(payloadOf(sig.payload, sampler, options.payloadMode ?? 'write'));
    if (sig.params.length > 0) {
      const params: Record<string, unknown> = {};
      for (const m of sig.params) params[m.key] = sampler.sample(m.param.schema, { mode: 'write' });
      out.push(params);
    }
    return out;
  };
  const forcedError = pickErrorStatus(sig);
  const call: PlannedCall = {
    key: sig.node.key,
    label: `${clientNaming.clientObject(sig.resource)}.${clientNaming.method(sig.op)} (${sig.node.key})`,
    resource: sig.resource.resource,
    clientObject: clientNaming.clientObject(sig.resource),
    method: clientNaming.method(sig.op),
    clientFile: clientNaming.clientFile(sig.resource),
    args,
    responseType: sig.response.responseType,
    signature: sig,
  };
  if (sig.response.content?.schema) call.responseSchema = sig.response.content.schema;
  if (forcedError) call.forcedError = forcedError;
  return call;
}

/** A request body value for the payload's media type. */
function payloadOf(payload: NonNullable<OperationSignature['payload']>, sampler: Sampler, mode: SampleMode): unknown {
  const schema: SchemaNode = payload.content.schema ?? { kind: 'unknown', pointer: '' };
  switch (payload.bodyKind) {
    case 'json':
      return sampler.sample(schema, { mode });
    case 'multipart':
      // A FormData-compatible plain object; binary fields as Blobs.
      return sampler.sample(schema, { mode, binaryAsBlob: true });
    case 'form':
      return sampler.sample(schema, { mode });
    case 'text':
      return String(sampler.sample(schema, { mode }));
    case 'binary': {
      const type = payload.content.mediaType.includes('*') ? 'application/octet-stream' : payload.content.mediaType;
      return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type });
    }
  }
}

/** The first declared numeric error status, preferring one whose response has JSON content. */
function pickErrorStatus(sig: OperationSignature): { status: number; json: boolean } | undefined {
  const numeric = sig.errors.filter((r) => /^[45]\d\d$/.test(r.status));
  const isJson = (r: (typeof numeric)[number]): boolean => r.contents.some((c) => /json/i.test(c.mediaType));
  const chosen = numeric.find((r) => r.status === '404' && isJson(r)) ?? numeric.find(isJson) ?? numeric.find((r) => r.status === '404') ?? numeric[0];
  return chosen ? { status: Number(chosen.status), json: isJson(chosen) } : undefined;
}

/**
 * Test credentials for the contract's security schemes: a bearer token for OAuth 2, OpenID Connect and HTTP
 * bearer (sent through the runtime's `auth`), basic credentials for HTTP basic, and a value for every
 * header API key (through the config `headers`; an API key named `Authorization` gets a `Token …` value).
 * Query and cookie API keys use the runtime's `auth` when it is still free.
 */
function securityFor(schemes: Record<string, Record<string, unknown>>): CallPlan['security'] {
  const headers: Record<string, string> = {};
  let auth: AuthConfig | undefined;
  for (const name of Object.keys(schemes).sort()) {
    const s = schemes[name] ?? {};
    const type = String(s['type'] ?? '');
    const scheme = String(s['scheme'] ?? '').toLowerCase();
    if (type === 'oauth2' || type === 'openIdConnect' || (type === 'http' && scheme === 'bearer')) {
      auth ??= { type: 'bearer', token: 'test-token' };
    } else if (type === 'http' && scheme === 'basic') {
      auth ??= { type: 'basic', username: 'test-user', password: 'test-password' };
    } else if (type === 'apiKey') {
      const keyName = String(s['name'] ?? '');
      const where = String(s['in'] ?? '');
      if (where === 'header') headers[keyName] = keyName.toLowerCase() === 'authorization' ? 'Token test-token' : 'test-api-key';
      else if ((where === 'query' || where === 'cookie') && auth === undefined) auth = { type: 'apiKey', in: where, name: keyName, value: 'test-api-key' };
    }
  }
  return auth ? { auth, headers } : { headers };
}

/**
 * Arguments of `call` with one value that breaks the contract, for a negative control: a path argument whose
 * schema has a type, format, pattern or enum a word cannot satisfy, else a JSON object payload replaced by a number.
 * @param call the planned call
 * @param sampler the contract's sampler
 * @returns the arguments and what was broken, or undefined when nothing can be broken that way
 */
export function invalidArgs(call: PlannedCall, sampler: Sampler): { args: unknown[]; what: string } | undefined {
  const args = call.args();
  const sig = call.signature;
  const index = sig.pathArgs.findIndex((a) => {
    const s = sampler.resolve(a.param.schema);
    return s.kind === 'number' || (s.kind === 'string' && (s.pattern !== undefined || s.enum !== undefined || ['uuid', 'date', 'date-time'].includes(s.format ?? '')));
  });
  const arg = sig.pathArgs[index];
  if (arg) {
    args[index] = 'not-valid';
    return { args, what: `path parameter ${arg.param.name} = "not-valid"` };
  }
  const payloadSchema = sig.payload?.bodyKind === 'json' && sig.payload.content.schema ? sampler.resolve(sig.payload.content.schema) : undefined;
  if (payloadSchema?.kind === 'object') {
    args[sig.pathArgs.length] = 42;
    return { args, what: 'the JSON object payload replaced by 42' };
  }
  return undefined;
}

/**
 * Absolute path of a call's compiled client module.
 * @param srcDir the generated source root
 * @param call the planned call
 */
export function compiledClientFile(srcDir: string, call: Pick<PlannedCall, 'clientFile'>): string {
  return path.join(srcDir, call.clientFile.replace(/\.ts$/, '.js'));
}

import type { ApiModel, ArgumentDeclaration, OperationSignature } from '@reslayer/core';
import { commentLines } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import { invalidationTargets } from './invalidationTargets.js';
import { isQueryMethod } from './isQueryMethod.js';
import { planMutation, type MutationPlan } from './planMutation.js';

/** What a query hook calls: the query-keys member, its arguments and the client call's arguments. */
export interface QueryPlan {
  /** Member of the resource's query-keys object (`list`, `detail`, `search`…). */
  member: string;
  /** Names of the key's arguments: path arguments, then `params` when the operation has parameters. */
  keyArgs: string[];
  /** Names of the client method's arguments, without the trailing `{ signal }`. */
  callArgs: string[];
}

/** The part of a {@link HookPlan} every hook has. */
export interface HookBase {
  /** The API model (its meta gives the file banner). */
  model: ApiModel;
  /** The operation's signature (`describeOperation`). */
  s: OperationSignature;
  /** The hook's unique name within its resource (`useContactsQuery`). */
  hookName: string;
  /** Path of the hook file. */
  file: string;
  /** Client object (`contactsClient`). */
  client: string;
  /** Client method (`listContacts`). */
  method: string;
  /** Query-keys object (`contactsQueryKeys`). */
  keys: string;
  /** The client method's positional parameters (without `options`), as plugin-client declares them. */
  args: ArgumentDeclaration[];
  /** Summary and route lines of the doc comments. */
  doc: string[];
}

/** Everything an adapter's emitter needs to write one hook file: a query (GET) or a mutation hook. */
export type HookPlan = HookBase & ({ query: QueryPlan; mutation?: undefined } | { mutation: MutationPlan; query?: undefined });

/**
 * Plans one hook: names, doc lines, arguments, and either the query key and call or the mutation's variables
 * and stale keys. Structured data only; the emitters print it.
 * @param model the API model
 * @param s the operation's signature (`describeOperation`)
 * @param hookName the hook's unique name within its resource
 * @returns the plan shared by every adapter
 */
export function planHook(model: ApiModel, s: OperationSignature, hookName: string): HookPlan {
  const r = s.resource;
  const client = clientNaming.clientObject(r);
  const method = clientNaming.method(s.op);
  const doc = [
    ...(s.node.summary ? commentLines(s.node.summary, 300) : []),
    `\`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\` through \`${client}.${method}\`.`,
  ];
  const base: HookBase = {
    model,
    s,
    hookName,
    file: hooksNaming.hookFile(r, hookName),
    client,
    method,
    keys: clientNaming.queryKeysObject(r),
    args: clientNaming.argumentList(s),
    doc,
  };
  if (!isQueryMethod(s.node.method)) return { ...base, mutation: planMutation(s, invalidationTargets(model, s)) };
  const keyArgs = [...s.pathArgs.map((a) => a.ident), ...(s.params.length > 0 ? ['params'] : [])];
  return { ...base, query: { member: clientNaming.queryKey(s.op), keyArgs, callArgs: s.args.map((a) => a.name) } };
}

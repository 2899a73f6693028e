import type { ApiModel, ResourceNode } from '@reslayer/core';
import { banner, commentLines, importPath } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';

/** A resource whose query keys a mutation makes stale, with the arguments of its `detail` key. */
export interface InvalidationTarget {
  resource: ResourceNode;
  /** Expressions for `detail(...)`, or undefined to invalidate `details()` / nothing. */
  detailArgs?: string[];
  /** True when the target resource has a `detail` key. */
  hasDetail: boolean;
}

/** What a query hook calls: the query-keys member, its arguments and the client call's arguments. */
export interface QueryPlan {
  /** Member of the resource's query-keys object (`list`, `detail`, `search`…). */
  member: string;
  /** Arguments of the key: path arguments, then `params` when the operation has parameters. */
  keyArgs: string[];
  /** Arguments of the client method, without the trailing `{ signal }`. */
  callArgs: string[];
}

/** What a mutation hook calls and which keys it makes stale. */
export interface MutationPlan {
  /** Name of the variables type (`UpdateContactVariables`). */
  variables: string;
  /** Its declaration (`{ contactId: string | number; payload: UpdateContactPayload }`). */
  variablesDecl: string;
  /** Arguments of the client method, read from `variables`. */
  callArgs: string[];
  /** Query-key expressions the mutation makes stale. */
  stale: string[];
  /** True when a stale key reads `variables`. */
  usesVariables: boolean;
}

/** Everything an adapter's emitter needs to write one hook file: a query (GET) or a mutation hook. */
export type HookPlan = HookBase & ({ query: QueryPlan; mutation?: undefined } | { mutation: MutationPlan; query?: undefined });

/** The part of a {@link HookPlan} every hook has. */
export interface HookBase {
  model: ApiModel;
  s: OperationSignature;
  hookName: string;
  /** Path of the hook file. */
  file: string;
  /** Client object (`contactsClient`). */
  client: string;
  /** Query-keys object (`contactsQueryKeys`). */
  keys: string;
  /** Summary and route lines of the doc comments. */
  doc: string[];
  targets: InvalidationTarget[];
}

/**
 * Plans one hook: names, doc lines, key and call arguments, mutation variables and stale keys.
 * @param model the API model
 * @param s the operation's signature (from plugin-client)
 * @param hookName the hook's unique name
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns the plan shared by every adapter
 */
export function planHook(model: ApiModel, s: OperationSignature, hookName: string, targets: InvalidationTarget[]): HookPlan {
  const r = s.resource;
  const client = clientNaming.clientObject(r);
  const doc = [
    ...(s.node.summary ? commentLines(s.node.summary, 300) : []),
    `\`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\` through \`${client}.${clientNaming.method(s.op)}\`.`,
  ];
  const base: HookBase = { model, s, hookName, file: hooksNaming.hookFile(r, hookName), client, keys: clientNaming.queryKeysObject(r), doc, targets };
  if (!hooksNaming.isQuery(s.node.method)) return { ...base, mutation: planMutation(s, targets) };
  const keyArgs = [...s.pathArgs.map((a) => a.ident), ...(s.params.length > 0 ? ['params'] : [])];
  return { ...base, query: { member: clientNaming.queryKey(s.op), keyArgs, callArgs: [...s.args.map((a) => a.name)] } };
}

function planMutation(s: OperationSignature, targets: InvalidationTarget[]): MutationPlan {
  const argTypes = clientNaming.argumentList(s).map((d) => d.text).map((d) => d.replace(/^(\w+): (.*) \| undefined$/, '$1?: $2'));
  const single = s.args.map((a) => a.name).length === 1;
  let variablesDecl: string;
  let callArgs: string[];
  if (s.args.map((a) => a.name).length === 0) {
    variablesDecl = 'void';
    callArgs = [];
  } else if (single) {
    const [decl] = argTypes;
    const optional = decl?.includes('?:') ?? false;
    variablesDecl = `${decl?.replace(/^[^:]+\??:\s*/, '') ?? 'unknown'}${optional ? ' | undefined' : ''}`;
    callArgs = ['variables'];
  } else {
    variablesDecl = `{ ${argTypes.join('; ')} }`;
    callArgs = s.args.map((a) => a.name).map((n) => `variables.${n}`);
  }
  const byName = new Map(s.pathArgs.map((a) => [a.ident, single ? 'variables' : `variables.${a.ident}`] as const));
  const stale: string[] = [];
  for (const t of targets) {
    const k = clientNaming.queryKeysObject(t.resource);
    if (t.resource.resourceKind !== 'crud') {
      stale.push(`${k}.all`);
      continue;
    }
    stale.push(`${k}.lists()`);
    if (s.op.role === 'create' && t.resource === s.resource) continue;
    if (t.hasDetail && t.detailArgs && t.detailArgs.every((a) => byName.has(a))) stale.push(`${k}.detail(${t.detailArgs.map((a) => byName.get(a)).join(', ')})`);
    else if (t.hasDetail) stale.push(`${k}.details()`);
  }
  return { variables: hooksNaming.variablesType(s.op), variablesDecl, callArgs, stale, usesVariables: stale.some((x) => x.includes('variables')) };
}

/**
 * Import lines of the generated layer: the client and query keys, other targets' query keys, then types.
 * @param p the hook plan
 * @param extraTypes more type names from the resource's client index (e.g. the response type)
 * @param queryTargets import other targets' keys in a query hook too, where they are unused (the `none`
 *   adapter's historical output, kept byte-identical)
 */
export function layerImports(p: HookPlan, extraTypes: string[] = [], queryTargets = false): string[] {
  const r = p.s.resource;
  const index = importPath(p.file, clientNaming.indexFile(r));
  const lines = [`import { ${[p.client, p.keys].sort().join(', ')} } from '${index}';`];
  for (const t of p.mutation || queryTargets ? p.targets.slice(1) : []) lines.push(`import { ${clientNaming.queryKeysObject(t.resource)} } from '${importPath(p.file, clientNaming.indexFile(t.resource))}';`);
  const types = new Set<string>();
  if (p.s.params.length > 0) types.add(clientNaming.paramsType(p.s.op));
  if (p.s.payload) types.add(clientNaming.payloadType(p.s.op));
  const allTypes = [...types, ...extraTypes].sort();
  if (allTypes.length > 0) lines.push(`import type { ${allTypes.join(', ')} } from '${index}';`);
  return lines;
}

/** A JSDoc block of `lines` (given without ` * `). */
export function docBlock(lines: string[]): string[] {
  return ['/**', ...lines.map((l) => ` * ${l}`.trimEnd()), ' */'];
}

/** The framework-free query factory `name`, returning `{ queryKey, queryFn }`; `docTail` follows the summary and route. */
export function queryFactory(p: HookPlan, q: QueryPlan, name: string, docTail: string[]): string[] {
  return [
    ...docBlock([...p.doc, ...docTail]),
    `export function ${name}(${clientNaming.argumentList(p.s).map((d) => d.text).join(', ')}) {`,
    '  return {',
    `    queryKey: ${p.keys}.${q.member}(${q.keyArgs.join(', ')}),`,
    `    queryFn: ({ signal }: { signal: AbortSignal }) => ${p.client}.${clientNaming.method(p.s.op)}(${[...q.callArgs, '{ signal }'].join(', ')}),`,
    '  };',
    '}',
  ];
}

/**
 * The variables type of a mutation and the framework-free factory `name`, returning
 * `{ mutationKey, mutationFn, invalidates }`; `docTail` follows the summary and route.
 */
export function mutationFactory(p: HookPlan, m: MutationPlan, name: string, docTail: string[]): string[] {
  return [
    `/** Variables of \`${p.hookName}\`: the arguments of \`${p.client}.${clientNaming.method(p.s.op)}\`. */`,
    `export type ${m.variables} = ${m.variablesDecl};`,
    '',
    ...docBlock([...p.doc, ...docTail]),
    `export function ${name}() {`,
    '  return {',
    `    mutationKey: [...${p.keys}.all, '${clientNaming.method(p.s.op)}'] as const,`,
    `    mutationFn: (variables: ${m.variables}) => ${p.client}.${clientNaming.method(p.s.op)}(${m.callArgs.join(', ')}),`,
    `    invalidates: (${m.usesVariables ? 'variables' : '_variables'}: ${m.variables}) => [${m.stale.join(', ')}] as const,`,
    '  };',
    '}',
  ];
}

/**
 * The body of an adapter's mutation hook: invalidates the stale keys through the app's `QueryClient`
 * (`useQueryClient()` at hook call time; no client is created at module level).
 * @param factory name of the option factory
 */
export function mutationHookBody(factory: string): string[] {
  return [
    '  const queryClient = useQueryClient();',
    `  const { mutationKey, mutationFn, invalidates } = ${factory}();`,
    '  return useMutation({',
    '    mutationKey,',
    '    mutationFn,',
    '    onSuccess: async (_data, variables) => {',
    '      await Promise.all(invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));',
    '    },',
    '  });',
  ];
}

/** Assembles a hook file: banner, import lines, a blank line, body lines. */
export function hookFile(p: HookPlan, imports: string[], body: string[]): string {
  return `${banner(p.model.meta)}${imports.join('\n')}\n\n${body.join('\n')}`;
}

/** Doc lines of the framework-free factory an adapter exports next to its hook. */
export function factoryDoc(p: HookPlan): string[] {
  return p.query
    ? [`Framework-free options of \`${p.hookName}\`: \`{ queryKey, queryFn }\` for \`queryOptions\`, \`fetchQuery\` or`, '`prefetchQuery` (route loaders, server rendering, tests).']
    : [`Framework-free options of \`${p.hookName}\`: \`{ mutationKey, mutationFn, invalidates }\`, where \`invalidates\``, 'returns the query keys this mutation makes stale.'];
}

import { ts } from 'ts-morph';
import { type LiteralEntry, literalEntries, literalValue } from './literalEntries.js';

/** What an exported symbol of the generated layer is, for the reports. */
export type SymbolKind = 'client method' | 'query key' | 'hook' | 'type' | 'config' | 'permission' | 'i18n key' | 'mock handler' | 'mock' | 'function' | 'value';

/** An exported symbol of one generated version, found by parsing (no type checker). */
export interface OutputSymbol {
  /** `<file>#<name>`: the same symbol in the old and the new output has the same id. */
  id: string;
  /** Generated path (relative to the source root), e.g. `shared/api/generated/contacts/contacts.client.ts`. */
  file: string;
  /** Display name: `contactsClient.listContacts`, `contactsConfig.fields[lastName]`, `Contact`. */
  name: string;
  /** The module export it belongs to (`contactsClient`). */
  exportName: string;
  /** The member of that export (`listContacts`), for object members. */
  member?: string;
  kind: SymbolKind;
  /**
   * How the old and new versions are compared: `type` (type alias or interface) and `value` (function, method
   * or constant) by the TypeScript checker, `literal` by the literal values (config, permissions, i18n),
   * `presence` only by being there (mock handlers).
   */
  compare: 'type' | 'value' | 'literal' | 'presence';
  /** The declaration's text (members: the member's), for a quick "same text" test. */
  text: string;
  /** For `literal`: the entry's value. */
  value?: unknown;
  /** The client method a hook or mock handler calls or serves (`listContacts`), when the text says. */
  operation?: string;
  /** For a mock handler: `METHOD path` of the operation it serves. */
  route?: string;
}

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Unwraps `x as const`, `x satisfies T`, parentheses; tells whether an `as const` was seen. */
function unwrap(expr: ts.Expression): { expr: ts.Expression; asConst: boolean } {
  let asConst = false;
  for (;;) {
    if (ts.isSatisfiesExpression(expr) || ts.isParenthesizedExpression(expr)) expr = expr.expression;
    else if (ts.isAsExpression(expr)) {
      if (ts.isTypeReferenceNode(expr.type) && expr.type.typeName.getText() === 'const') asConst = true;
      expr = expr.expression;
    } else return { expr, asConst };
  }
}

/** The kind of a file's functions, constants and members, from where plugins put them. */
function fileRole(file: string): { fn: SymbolKind; value: SymbolKind; member: SymbolKind; literal: SymbolKind } {
  if (/(^|\/)mocks\//.test(file)) return { fn: 'mock', value: 'mock', member: 'mock', literal: 'mock' };
  if (/\.client\.ts$/.test(file)) return { fn: 'function', value: 'value', member: 'client method', literal: 'value' };
  if (/\.query-keys\.ts$/.test(file)) return { fn: 'function', value: 'value', member: 'query key', literal: 'query key' };
  if (/\.permissions\.ts$/.test(file)) return { fn: 'function', value: 'value', member: 'value', literal: 'permission' };
  if (/\.i18n\.ts$/.test(file)) return { fn: 'function', value: 'value', member: 'value', literal: 'i18n key' };
  if (/\.config\.ts$/.test(file)) return { fn: 'function', value: 'value', member: 'value', literal: 'config' };
  if (/(^|\/)features\/[^/]+\/api\//.test(file)) return { fn: 'hook', value: 'value', member: 'value', literal: 'value' };
  return { fn: 'function', value: 'value', member: 'value', literal: 'value' };
}

/** Text without comments and with whitespace runs collapsed, for the "same text" test only. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|\s)\/\/[^\n]*/g, ' ').replace(/\s+/g, ' ').trim();

/** `(contacts)Client.(listContacts)` in a hook's body: the client method it calls. */
const CLIENT_CALL = /\b[A-Za-z0-9_$]+Client\.([A-Za-z0-9_$]+)\s*\(/;
/**
 * An operation of a mock handlers file, as data for `mockResource`: `listContacts: { method: 'get', path:
 * '/api/v1/contacts', …` (the method and path may start the next line).
 */
const HANDLER_ENTRY = /^ {4}([A-Za-z0-9_$]+): \{\s*method: '(\w+)', path: '((?:[^'\\]|\\.)*)'/gm;

/** The route of a handler: `DELETE /api/v1/contacts/{contactId}` for `delete` and `/api/v1/contacts/:contactId`. */
const routeOf = (method: string, pattern: string): string => `${method.toUpperCase()} ${pattern.replace(/(?<!\\\\):([A-Za-z_$][\w$]*)/g, '{$1}').replace(/\\\\(.)/g, '$1')}`;

/**
 * The exported symbols of one generated file. Re-exports (`export … from`, index files) are skipped:
 * their symbols are counted where they are declared. Members of an exported object (a client's methods,
 * query keys) are symbols of their own; an `as const` object (config, permissions, i18n) is split into
 * entries (see `literalEntries`); each mock handler (an operation of the data given to `mockResource`) is one, and
 * each name a destructuring export binds (`export const { handlers: contactsHandlers } = mockResource(…)`).
 * @param file generated path (relative to the source root)
 * @param contents the file's text
 */
export function outputSymbols(file: string, contents: string): OutputSymbol[] {
  if (!file.endsWith('.ts')) return [];
  const sf = ts.createSourceFile(file, contents, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const role = fileRole(file);
  const out: OutputSymbol[] = [];
  // Doc comments follow the contract's descriptions: a change there alone is not a change of the symbol.
  const add = (s: Omit<OutputSymbol, 'id' | 'file'>) => out.push({ id: `${file}#${s.name}`, file, ...s, text: withoutComments(s.text) });
  for (const st of sf.statements) {
    if (!isExported(st)) continue;
    if (ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) {
      add({ name: st.name.text, exportName: st.name.text, kind: 'type', compare: 'type', text: st.getText(sf) });
    } else if (ts.isFunctionDeclaration(st) && st.name) {
      const called = role.fn === 'hook' ? CLIENT_CALL.exec(st.getText(sf))?.[1] : undefined;
      add({ name: st.name.text, exportName: st.name.text, kind: role.fn, compare: 'value', text: st.getText(sf), ...(called ? { operation: called } : {}) });
    } else if (ts.isClassDeclaration(st) && st.name) {
      add({ name: st.name.text, exportName: st.name.text, kind: role.value, compare: 'value', text: st.getText(sf) });
    } else if (ts.isEnumDeclaration(st)) {
      add({ name: st.name.text, exportName: st.name.text, kind: 'type', compare: 'type', text: st.getText(sf) });
    } else if (ts.isVariableStatement(st)) {
      for (const decl of st.declarationList.declarations) {
        if (ts.isIdentifier(decl.name)) variableSymbols(decl.name.text, decl, sf, role, add);
        else if (ts.isObjectBindingPattern(decl.name)) {
          for (const el of decl.name.elements) if (ts.isIdentifier(el.name)) add({ name: el.name.text, exportName: el.name.text, kind: role.value, compare: 'value', text: decl.getText(sf) });
        }
      }
    }
  }
  if (role.fn === 'mock' && /\.handlers\.ts$/.test(file)) {
    const factory = out.find((s) => s.kind === 'mock' && /^create[A-Z]\w*Handlers$/.test(s.name))?.name ?? 'handlers';
    for (const m of contents.matchAll(HANDLER_ENTRY)) {
      const route = routeOf(m[2] as string, m[3] as string);
      add({ name: `${factory} › ${route}`, exportName: factory, member: route, kind: 'mock handler', compare: 'presence', text: route, operation: m[1] as string, route });
    }
  }
  return out;
}

function variableSymbols(
  name: string,
  decl: ts.VariableDeclaration,
  sf: ts.SourceFile,
  role: ReturnType<typeof fileRole>,
  add: (s: Omit<OutputSymbol, 'id' | 'file'>) => void,
): void {
  const init = decl.initializer ? unwrap(decl.initializer) : undefined;
  if (init && init.asConst && (ts.isObjectLiteralExpression(init.expr) || ts.isArrayLiteralExpression(init.expr)) && !decl.type) {
    const entries: LiteralEntry[] = literalEntries(literalValue(init.expr, sf), role.literal === 'i18n key');
    for (const e of entries) {
      const member = e.path;
      add({ name: member === '' ? name : `${name}${member.startsWith('[') ? '' : '.'}${member}`, exportName: name, ...(member !== '' ? { member } : {}), kind: role.literal, compare: 'literal', text: JSON.stringify(e.value), value: e.value });
    }
    return;
  }
  if (init && ts.isObjectLiteralExpression(init.expr) && !decl.type && role.member !== 'value') {
    for (const prop of objectMembers(init.expr, sf)) {
      const key = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
      if (key === undefined) continue;
      add({ name: `${name}.${key}`, exportName: name, member: key, kind: role.member, compare: 'value', text: prop.getText(sf), ...(role.member === 'client method' ? { operation: key } : {}) });
    }
    return;
  }
  const fixtureOf = role.value === 'mock' ? /^([a-z][A-Za-z0-9]*?)(Error|NotFound|Empty)?Fixtures?$/.exec(name)?.[1] : undefined;
  add({ name, exportName: name, kind: role.value, compare: 'value', text: decl.getText(sf), ...(fixtureOf ? { operation: fixtureOf } : {}) });
}

/**
 * The properties of an object literal, with those of a spread call of a local factory in its place
 * (`{ ...contactsMethods(defaultClient), with: contactsMethods }`, where `const contactsMethods = (client) => ({ … })`).
 * @param expr the object literal
 * @param sf its source file, where the factory is declared
 * @param depth nesting of spreads followed so far
 */
function objectMembers(expr: ts.ObjectLiteralExpression, sf: ts.SourceFile, depth = 0): ts.ObjectLiteralElementLike[] {
  return expr.properties.flatMap((prop): ts.ObjectLiteralElementLike[] => {
    if (!ts.isSpreadAssignment(prop)) return [prop];
    const call = prop.expression;
    if (depth > 4 || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return [];
    const factory = localInitializer(sf, call.expression.text);
    let body = factory && (ts.isArrowFunction(factory) || ts.isFunctionExpression(factory)) ? factory.body : undefined;
    while (body && ts.isParenthesizedExpression(body)) body = body.expression;
    return body && ts.isObjectLiteralExpression(body) ? objectMembers(body, sf, depth + 1) : [];
  });
}

/** The initializer of a top-level `const name = …` of a source file. */
function localInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer;
  }
  return undefined;
}

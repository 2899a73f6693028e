import { ts } from 'ts-morph';

/** One entry of an `as const` object: its path below the export and its value. */
export interface LiteralEntry {
  /** `fields[lastName]`, `actions.list`, `pagination`, `title`; `''` for the whole value. */
  path: string;
  value: unknown;
}

/** Marks a value that is not a literal (an identifier, a call): compared by its text. */
interface Opaque {
  $text: string;
}

/**
 * The JSON value of a literal expression: objects, arrays, strings, numbers, booleans, null, `-n`,
 * template strings without substitutions; `as const`/`satisfies` are looked through. Anything else is
 * kept as `{ $text }`, compared by its source text.
 * @param node the expression
 * @param sf its source file (for the text of non-literals)
 */
export function literalValue(node: ts.Expression, sf: ts.SourceFile): unknown {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return literalValue(node.expression, sf);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => literalValue(e, sf));
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const prop of node.properties) {
      if (ts.isPropertyAssignment(prop) && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name) || ts.isNumericLiteral(prop.name))) {
        out[prop.name.text] = literalValue(prop.initializer, sf);
      } else {
        out[`$${prop.getText(sf)}`] = { $text: prop.getText(sf) } satisfies Opaque;
      }
    }
    return out;
  }
  return { $text: node.getText(sf) } satisfies Opaque;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isOpaque = (v: unknown): v is Opaque => isRecord(v) && typeof v['$text'] === 'string' && Object.keys(v).length === 1;
/** A record holding no records (arrays of primitives and opaque values are fine): one entry. */
const isFlat = (v: Record<string, unknown>) => Object.values(v).every((x) => !isRecord(x) || isOpaque(x)) && Object.values(v).every((x) => !Array.isArray(x) || x.every((y) => !isRecord(y)));
/** An array of records that each have a string `name`: one entry per element, keyed by it. */
const isNamedList = (v: unknown): v is Array<Record<string, unknown> & { name: string }> => Array.isArray(v) && v.length > 0 && v.every((x) => isRecord(x) && typeof x['name'] === 'string');

/**
 * Splits an `as const` value into the entries the diff compares one by one:
 * - an array of records with a `name` (config `fields`, `filters`, `columns`): one entry per element, `fields[lastName]`;
 * - with `leaves` (i18n catalogs), every string is an entry: `fields.lastName`, `actions.list`, `title`;
 * - otherwise a record that holds no other record is one entry (`pagination`, a permission `list`), and a
 *   record holding records is split by key.
 * @param value the literal value (see {@link literalValue})
 * @param leaves split down to the primitives (i18n)
 */
export function literalEntries(value: unknown, leaves = false): LiteralEntry[] {
  const out: LiteralEntry[] = [];
  const join = (base: string, key: string) => (base === '' ? key : `${base}.${key}`);
  const walk = (v: unknown, path: string) => {
    if (isNamedList(v)) {
      for (const item of v) out.push({ path: `${path}[${item.name}]`, value: item });
      return;
    }
    if (isRecord(v) && !isOpaque(v) && (leaves || path === '' || !isFlat(v))) {
      for (const [k, x] of Object.entries(v)) walk(x, join(path, k));
      return;
    }
    out.push({ path, value: v });
  };
  walk(value, '');
  return out;
}

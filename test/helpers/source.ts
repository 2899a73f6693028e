// Source-level checks of generated files with the TypeScript compiler API: parse errors, string literal
// contents, and what code (not strings or comments) the emitted JavaScript contains.
import ts from 'typescript';

/**
 * Syntax errors of a TypeScript file (`parseDiagnostics` of `ts.createSourceFile`).
 * @param fileName file name (decides TS vs TSX)
 * @param text file contents
 * @returns one message per syntax error, with line:column
 */
export function syntaxErrors(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const diagnostics = (sf as unknown as { parseDiagnostics: ts.DiagnosticWithLocation[] }).parseDiagnostics;
  return diagnostics.map((d) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
    return `${fileName}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** One token of a scanned file. */
export interface Token {
  kind: ts.SyntaxKind;
  text: string;
  pos: number;
}

/**
 * Every token of a file, comments included, from the TypeScript scanner. Template literals are
 * rescanned so their middle and tail parts come out as template tokens, not as code.
 * @param text JavaScript or TypeScript source
 * @param variant language variant (JS for emitted code)
 */
export function tokens(text: string, variant: ts.LanguageVariant = ts.LanguageVariant.Standard): Token[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const out: Token[] = [];
  // Brace depth per open template, so a `}` that closes a substitution is rescanned as a template part.
  const templateDepth: number[] = [];
  let depth = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === depth) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templateDepth.pop();
    } else if (kind === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (kind === ts.SyntaxKind.CloseBraceToken) depth--;
    else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      const prev = out.filter((t) => !isTrivia(t.kind)).at(-1);
      if (!prev || !endsExpression(prev.kind)) kind = scanner.reScanSlashToken();
    }
    if (kind === ts.SyntaxKind.TemplateHead) templateDepth.push(depth);
    out.push({ kind, text: scanner.getTokenText(), pos: scanner.getTokenStart() });
  }
  return out;
}

function isTrivia(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.WhitespaceTrivia ||
    kind === ts.SyntaxKind.NewLineTrivia ||
    kind === ts.SyntaxKind.SingleLineCommentTrivia ||
    kind === ts.SyntaxKind.MultiLineCommentTrivia ||
    kind === ts.SyntaxKind.ShebangTrivia ||
    kind === ts.SyntaxKind.ConflictMarkerTrivia
  );
}

/** Tokens after which a `/` is division, not the start of a regular expression. */
function endsExpression(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.Identifier ||
    kind === ts.SyntaxKind.NumericLiteral ||
    kind === ts.SyntaxKind.StringLiteral ||
    kind === ts.SyntaxKind.CloseParenToken ||
    kind === ts.SyntaxKind.CloseBracketToken ||
    kind === ts.SyntaxKind.CloseBraceToken ||
    kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
    kind === ts.SyntaxKind.TemplateTail ||
    kind === ts.SyntaxKind.ThisKeyword
  );
}

/** Token kinds that hold literal text (strings and template parts). */
export const STRING_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** Token kinds of comments. */
export const COMMENT_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([ts.SyntaxKind.SingleLineCommentTrivia, ts.SyntaxKind.MultiLineCommentTrivia]);

/**
 * String literal tokens whose raw text holds a line terminator (LF, CR, U+2028, U+2029) — none may,
 * even escaped by a line continuation.
 * @param text source
 * @returns the offending raw tokens (clipped)
 */
export function lineTerminatorsInStrings(text: string): string[] {
  return tokens(text)
    .filter((t) => STRING_KINDS.has(t.kind) && /[\n\r\u2028\u2029]/.test(t.text))
    .map((t) => t.text.slice(0, 120));
}

/**
 * TypeScript → JavaScript for one file, as `tsc` would emit it (types erased).
 * @param fileName file name
 * @param text TypeScript source
 */
export function transpile(fileName: string, text: string): string {
  return ts.transpileModule(text, {
    fileName,
    reportDiagnostics: false,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false, verbatimModuleSyntax: false },
  }).outputText;
}

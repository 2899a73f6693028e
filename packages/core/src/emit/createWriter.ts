import CodeBlockWriter from 'code-block-writer';

/**
 * A code writer with the output conventions of reslayer: two-space indent, LF newlines, single quotes.
 * It is ts-morph's own writer (`code-block-writer`), used without a ts-morph Project so no AST is built.
 * @returns a fresh writer
 * @see https://ts-morph.com/setup/ast-viewers#code-block-writer
 */
export function createWriter(): CodeBlockWriter {
  return new CodeBlockWriter({ newLine: '\n', indentNumberOfSpaces: 2, useTabs: false, useSingleQuote: true });
}

export type { CodeBlockWriter };

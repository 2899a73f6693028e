import { banner, stringLiteral } from '@reslayer/core';

/**
 * Emits `features/<resource>/api/index.ts`, re-exporting every hook of the resource.
 * @param hookNames the resource's hook names (one file each)
 * @returns file contents
 */
export function emitHooksIndex(hookNames: string[]): string {
  return `${banner()}${[...hookNames].sort().map((h) => `export * from ${stringLiteral(`./${h}.js`)};`).join('\n')}`;
}

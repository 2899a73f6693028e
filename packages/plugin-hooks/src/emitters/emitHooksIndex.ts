import type { ApiModel } from '@reslayer/core';
import { banner, stringLiteral } from '@reslayer/core';

/**
 * Emits `features/<resource>/api/index.ts`, re-exporting every hook of the resource.
 * @param model the API model (its meta gives the banner)
 * @param hookNames the resource's hook names (one file each)
 * @returns file contents
 */
export function emitHooksIndex(model: ApiModel, hookNames: string[]): string {
  return `${banner(model.meta)}${[...hookNames].sort().map((h) => `export * from ${stringLiteral(`./${h}.js`)};`).join('\n')}`;
}

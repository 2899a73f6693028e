import type { ValidatorLibrary } from '../options.js';
import type { Printer, PrintContext } from '../plan/vnode.js';
import { printValibot } from './printValibot.js';
import { printZod } from './printZod.js';

/** How one schema library is imported, annotated and printed. */
export interface LibraryDialect {
  /** The import line of the library. */
  importLine: string;
  /** The annotation that checks a schema against a generated type: `z.ZodType<T>`, `v.GenericSchema<unknown, T>`. */
  annotation: (type: string) => string;
  print: Printer;
}

/** The dialects by library. */
export const DIALECTS: Readonly<Record<ValidatorLibrary, LibraryDialect>> = {
  zod: { importLine: "import * as z from 'zod';", annotation: (type) => `z.ZodType<${type}>`, print: printZod },
  valibot: { importLine: "import * as v from 'valibot';", annotation: (type) => `v.GenericSchema<unknown, ${type}>`, print: printValibot },
};

/** Runtime helpers generated schemas may call, by export name. */
export const RUNTIME_HELPERS = { unique: 'hasUniqueItems', propertyCount: 'hasPropertyCount', multipleOf: 'isMultipleOf' } as const;

/**
 * A print context for a file.
 * @param refPrefix prefix of named schema constants (`C.` or `''`)
 */
export function printContext(refPrefix: string): PrintContext {
  return { refPrefix, runtime: { ...RUNTIME_HELPERS }, indent: 0 };
}

/**
 * The runtime helpers a file's text calls, sorted (so it imports only those).
 * @param text the file body
 */
export function usedHelpers(text: string): string[] {
  return Object.values(RUNTIME_HELPERS).filter((h) => text.includes(`${h}(`) || text.includes(`${h},`)).sort();
}

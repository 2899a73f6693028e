import type { ValidatorLibrary } from '../options.js';
import type { Printer, PrintContext } from '../plan/vnode.js';
import { printValibot } from './printValibot.js';
import { printZod } from './printZod.js';

/** How one schema library is imported, annotated and printed. */
export interface LibraryDialect {
  /** The import line of the library. */
  importLine: string;
  /** The annotation that checks a schema against a generated type: `z.core.$ZodType<T>`, `v.GenericSchema<unknown, T>`. */
  annotation: (type: string) => string;
  print: Printer;
}

/** The dialects by library. */
export const DIALECTS: Readonly<Record<ValidatorLibrary, LibraryDialect>> = {
  // zod's core interface, not the classic `z.ZodType<T>`: it checks the same output type, but comparing a schema with
  // it costs the compiler a fraction (OpenAI's contract: 31 s and 0.7 GB instead of 90 s and 3.2 GB with tsc 5.9).
  zod: { importLine: "import * as z from 'zod';", annotation: (type) => `z.core.$ZodType<${type}>`, print: printZod },
  valibot: { importLine: "import * as v from 'valibot';", annotation: (type) => `v.GenericSchema<unknown, ${type}>`, print: printValibot },
};

/**
 * Namespace the runtime is imported under (`import * as R from '@reslayer/runtime'`): a namespace, so no
 * runtime export can collide with a generated name (a resource `register` has a `registerValidators` object).
 */
export const RUNTIME_NS = 'R';

/** Runtime helpers generated schemas may call, by export name. */
export const RUNTIME_HELPERS = { unique: 'hasUniqueItems', propertyCount: 'hasPropertyCount', multipleOf: 'isMultipleOf' } as const;

/**
 * A print context for a file.
 * @param refPrefix prefix of named schema constants (`C.` or `''`)
 */
export function printContext(refPrefix: string): PrintContext {
  const runtime = { unique: `${RUNTIME_NS}.${RUNTIME_HELPERS.unique}`, propertyCount: `${RUNTIME_NS}.${RUNTIME_HELPERS.propertyCount}`, multipleOf: `${RUNTIME_NS}.${RUNTIME_HELPERS.multipleOf}` };
  return { refPrefix, runtime, indent: 0 };
}

/**
 * True when a file's text calls a runtime helper (so it imports the runtime).
 * @param text the file body
 */
export function usesRuntime(text: string): boolean {
  return text.includes(`${RUNTIME_NS}.`);
}

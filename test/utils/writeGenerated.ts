// Writes generated files into a folder for a test (`<outputRoot>/src/<path>`), the plain way: the tests that use
// it check the generated code (type-checks, runtime), not the engine's writer (packages/engine has those tests).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GeneratedFile } from '@reslayer/core/host';

/**
 * Writes each file to `<outputRoot>/src/<file.path>`, creating folders.
 * @param outputRoot absolute folder
 * @param files the generated files
 */
export async function writeGenerated(outputRoot: string, files: readonly GeneratedFile[]): Promise<void> {
  for (const file of files) {
    const abs = path.join(outputRoot, 'src', file.path);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, file.contents);
  }
}

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GeneratorError, parseDocumentText } from '@reslayer/core';

const run = promisify(execFile);

/** A contract read from git into a temporary folder. */
export interface GitContract {
  /** Absolute path of the entry file in the temporary folder. */
  entry: string;
  /** The temporary folder (the repository's layout below it); the caller removes it. */
  dir: string;
  /** Every file read, relative to the repository root, the entry first. */
  files: string[];
}

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
  return stdout;
}

/** The file parts of the `$ref`s of a document (`./schemas/pet.yaml#/Pet` → `./schemas/pet.yaml`), not URLs. */
function externalRefs(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) externalRefs(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#') && !/^[a-z][a-z0-9+.-]+:/i.test(value)) {
        const file = value.split('#')[0] as string;
        if (file !== '') out.add(decodeURI(file));
      } else externalRefs(value, out);
    }
  }
  return out;
}

/**
 * Reads a contract as it was at a git ref: `git show <ref>:<path>` for the entry file and, following their
 * `$ref`s, every file it references (a multi-file contract), written into a temporary folder with the
 * repository's relative layout, so the relative `$ref`s resolve as they did at that ref.
 * @param contract path of the contract's entry file in the working tree (absolute, or relative to `cwd`)
 * @param ref a git ref (`origin/main`, a commit, `HEAD~1`)
 * @param cwd working directory
 * @returns the entry file in the temporary folder, the folder, and the files read
 * @throws GeneratorError `RSL_USAGE` when `cwd` is not in a git repository or the ref is unknown,
 *   `RSL_INPUT_NOT_FOUND` when the entry file (or a file it references) is not in the ref
 */
export async function readGitContract(contract: string, ref: string, cwd: string): Promise<GitContract> {
  const absolute = path.resolve(cwd, contract);
  let top: string;
  try {
    top = (await git(['rev-parse', '--show-toplevel'], path.dirname(absolute))).trim();
    await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], top);
  } catch (error) {
    throw new GeneratorError('RSL_USAGE', `--base ${ref}: ${(error as { stderr?: string }).stderr?.trim() || `not a git ref of the repository holding ${contract}`}`, {
      hint: 'Pass a branch, tag or commit of the repository that holds the contract (in CI, fetch the base branch first: `git fetch origin main`).',
      cause: error,
    });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-diff-base-'));
  const entryRel = path.relative(top, absolute).split(path.sep).join('/');
  if (entryRel.startsWith('..')) throw new GeneratorError('RSL_USAGE', `--base: ${contract} is outside the git repository ${top}`);
  const files: string[] = [];
  const queue = [entryRel];
  for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) {
    if (files.includes(rel)) continue;
    let text: string;
    try {
      text = await git(['show', `${ref}:${rel}`], top);
    } catch (error) {
      throw new GeneratorError('RSL_INPUT_NOT_FOUND', `${rel} does not exist at ${ref}${files.length > 0 ? ` (referenced by ${files[0] as string})` : ''}`, {
        file: rel,
        hint: 'Check the contract path and the ref: the old contract is read with `git show <ref>:<path>`.',
        cause: error,
      });
    }
    files.push(rel);
    const target = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text, 'utf8');
    let parsed: unknown;
    try {
      parsed = parseDocumentText(text, rel);
    } catch {
      continue; // not YAML/JSON: loading the contract reports it
    }
    for (const ref of externalRefs(parsed)) {
      const next = path.posix.normalize(path.posix.join(path.posix.dirname(rel), ref));
      if (!next.startsWith('..')) queue.push(next);
    }
  }
  return { entry: path.join(dir, ...entryRel.split('/')), dir, files };
}

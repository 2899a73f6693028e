// The corpus of real contracts the tests run on: the committed `fixtures/corpus` (small, permissively licensed
// contracts copied verbatim with their licenses), or the folder `RESLAYER_CORPUS` names, laid out the same way
// (a `corpus.json` index with paths relative to it), e.g. one that also holds large contracts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The committed corpus. */
export const FIXTURE_CORPUS = path.join(ROOT, 'fixtures/corpus');

/** The corpus folder the tests read: `$RESLAYER_CORPUS` when set, else {@link FIXTURE_CORPUS}. */
export const CORPUS_DIR = process.env['RESLAYER_CORPUS'] ? path.resolve(ROOT, process.env['RESLAYER_CORPUS']) : FIXTURE_CORPUS;

/** One contract of the corpus, as `corpus.json` lists it, with its entry file resolved. */
export interface CorpusSpec {
  /** Folder name, e.g. `realworld-conduit`. */
  name: string;
  /** Entry file, relative to the corpus folder. */
  entry: string;
  /** `generate`, `generate-empty` or `reject-or-convert`. */
  expect: string;
  /** Counts of the contract (operations among them). */
  stats?: { ops?: number };
  /** Absolute path of the entry file. */
  file: string;
}

/**
 * Every contract of {@link CORPUS_DIR}, in the order of its `corpus.json`.
 * @throws Error when the index is missing (a `RESLAYER_CORPUS` folder without `corpus.json`)
 */
export function corpusSpecs(): CorpusSpec[] {
  const index = path.join(CORPUS_DIR, 'corpus.json');
  if (!existsSync(index)) throw new Error(`${index} not found: RESLAYER_CORPUS must name a folder with a corpus.json`);
  const { specs } = JSON.parse(readFileSync(index, 'utf8')) as { specs: Array<Omit<CorpusSpec, 'file'>> };
  return specs.map((s) => ({ ...s, file: path.join(CORPUS_DIR, s.entry) }));
}

/**
 * One contract of the corpus by name, or why it cannot be had.
 * @param name the spec's name, e.g. `swagger-petstore-v3`
 * @returns the spec, or `{ missing }` with the reason (the folder does not list it, or its file is absent)
 */
export function corpusSpec(name: string): CorpusSpec | { missing: string } {
  const spec = corpusSpecs().find((s) => s.name === name);
  if (!spec) return { missing: `${name} is not listed in ${path.join(CORPUS_DIR, 'corpus.json')}` };
  return existsSync(spec.file) ? spec : { missing: `${spec.file} is missing` };
}

/** True when the tests run on the committed corpus only (no `RESLAYER_CORPUS`). */
export const COMMITTED_CORPUS_ONLY = CORPUS_DIR === FIXTURE_CORPUS;

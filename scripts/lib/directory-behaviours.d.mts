// Types of directory-behaviours.mjs (the behaviour measures of `pnpm corpus:directory`, docs/corpus.md).

/** A generated file as the run wrote it. */
export interface OutputFile {
  path: string;
  contents: string;
}

/** A write under a parent item whose read embeds the written child collection. */
export interface ChildWrite {
  /** The write's `METHOD path`. */
  key: string;
  /** The parent's item path. */
  parent: string;
  /** The write's own names of the parent's path parameters, in path order. */
  args: string[];
  /** True when the parent's collection has a GET (the parent has lists). */
  listed: boolean;
}

/** What one measure expected and what the output missed. */
export interface BehaviourCount<T> {
  total: number;
  misses: T[];
}

/** A local `$ref` followed (up to 20 hops); anything else as given. */
export function deref(doc: unknown, node: unknown): any;
/** Whether a response schema holds an array, bare or in an envelope. */
export function answersArray(doc: unknown, schema: unknown): boolean;
/** Whether a query parameter pages (page/size, offset/limit, cursor, since/after/before…). */
export function isPagingParam(doc: unknown, param: unknown): boolean;
/** The GETs that take a paging query parameter and answer an array, as sorted `GET path` keys. */
export function pagingGets(doc: unknown): string[];
/** The update and delete operations of resources with a list and a read, as sorted `METHOD path` keys. */
export function listReadWrites(doc: unknown): string[];
/** The writes under a parent whose read embeds that child collection, sorted by key. */
export function embeddedChildWrites(doc: unknown): ChildWrite[];
/** What the generated files give: infinite options, optimistic mutations, invalidations and detail keys by operation. */
export function behaviourOutput(files: OutputFile[]): {
  infinite: Set<string>;
  optimistic: Set<string>;
  invalidate: Map<string, string>;
  detailKeys: Map<string, string>;
};
/** The three behaviour measures of one contract: expected from the document, met in the generated files. */
export function behaviourMeasures(
  doc: unknown,
  files: OutputFile[],
): { paging: BehaviourCount<string>; optimistic: BehaviourCount<string>; parent: BehaviourCount<string>; parentLists: BehaviourCount<string> };

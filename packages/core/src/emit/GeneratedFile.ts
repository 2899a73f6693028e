/**
 * A generated file: a plain immutable record. Plugins create these; only core touches the disk.
 */
export interface GeneratedFile {
  /** POSIX path relative to the generated source root (`<output root>/<srcDir>`), e.g. `shared/api/generated/contacts/index.ts`. */
  readonly path: string;
  /** Full text, LF line endings, one trailing newline. */
  readonly contents: string;
  /** Name of the plugin that emitted it. */
  readonly plugin: string;
  /** `source` for generated code, `runtime` for helpers copied verbatim, `meta` for non-code files. */
  readonly kind: 'source' | 'runtime' | 'meta';
}

/**
 * Creates a frozen {@link GeneratedFile}, normalizing line endings to LF and ensuring exactly one trailing newline.
 * @param file path, contents, plugin and kind (default `source`)
 */
export function createGeneratedFile(file: { path: string; contents: string; plugin: string; kind?: GeneratedFile['kind'] }): GeneratedFile {
  const lf = file.contents.includes('\r') ? file.contents.replace(/\r\n?/g, '\n') : file.contents;
  // Trailing newlines are counted from the end: a `/\n+$/` search would try every line break of the text.
  let end = lf.length;
  while (end > 0 && lf.charCodeAt(end - 1) === 10) end--;
  const contents = end === lf.length - 1 ? lf : `${lf.slice(0, end)}\n`;
  return Object.freeze({ path: file.path, contents, plugin: file.plugin, kind: file.kind ?? 'source' });
}

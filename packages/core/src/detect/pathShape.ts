/** A segment that ends in a custom method: `{name}:cancel`, `jobs:batchGet`. */
const CUSTOM_METHOD = /^[^:]+:[A-Za-z][A-Za-z0-9]*$/;

/**
 * A format parameter glued to the end of a segment (`articles{mediaTypeExtension}`, `{stateName}{format}`): the
 * segment is what comes before it. After a dot (`thumbnail.{extension}`) the parameter names the file and stays.
 */
const GLUED_FORMAT = /^(.*[A-Za-z0-9_}])\{[^{}]*(?:extension|format|ext)\}$/i;

/** A path split into segments with the `api` prefix and version segment dropped. */
export interface Shape {
  /** Normalized segments, e.g. `['contacts', '{contactId}', 'archive']`. */
  segments: string[];
}

/**
 * True for a path template segment holding a parameter (`{id}`, `thumbnail.{extension}`); a function call with
 * parameters in its arguments (`microsoft.graph.delta(token='{token}')`) is a word, not an item key.
 */
export const isParam = (segment: string | undefined): boolean => segment !== undefined && segment.includes('{') && !segment.includes('(');

/**
 * Splits a path template into segments and drops a leading `api` segment and a version segment
 * (`v1`, `v2.1`), as the grouping rule says; a custom method (`{name}:cancel`) becomes a segment of its own, and a
 * format parameter glued to a segment is dropped (`/api/articles{mediaTypeExtension}` → `['articles']`).
 * @param path a path template such as `/api/v1/contacts/{contactId}`
 * @returns the remaining segments, e.g. `['contacts', '{contactId}']`
 */
export function pathShape(path: string): Shape {
  // A custom method (`/v1/{name}:cancel`, `/v1/projects/{p}/jobs:batchGet`) is a verb segment of its own.
  const segments = path
    .split('/')
    .flatMap((s) => (CUSTOM_METHOD.test(s) ? s.split(/:(?=[A-Za-z][A-Za-z0-9]*$)/) : [s]))
    .map((s) => s.replace(GLUED_FORMAT, '$1'))
    .filter((s) => s !== '');
  if (segments[0]?.toLowerCase() === 'api') segments.shift();
  if (segments[0] !== undefined && /^v\d+(\.\d+)*$/i.test(segments[0])) segments.shift();
  return { segments };
}

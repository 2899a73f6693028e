/** A path split into segments with the `api` prefix and version segment dropped. */
export interface Shape {
  /** Normalized segments, e.g. `['contacts', '{contactId}', 'archive']`. */
  segments: string[];
}

/** True for a path template segment holding a parameter (`{id}`, `thumbnail.{extension}`). */
export const isParam = (segment: string | undefined): boolean => segment !== undefined && segment.includes('{');

/**
 * Splits a path template into segments and drops a leading `api` segment and a version segment
 * (`v1`, `v2.1`), as the grouping rule says.
 * @param path a path template such as `/api/v1/contacts/{contactId}`
 * @returns the remaining segments, e.g. `['contacts', '{contactId}']`
 */
export function pathShape(path: string): Shape {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments[0]?.toLowerCase() === 'api') segments.shift();
  if (segments[0] !== undefined && /^v\d+(\.\d+)*$/i.test(segments[0])) segments.shift();
  return { segments };
}

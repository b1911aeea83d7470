import { MAX_PROBLEM_PATH } from './classes';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `$.assignees[0].name` from the segments of a path; a key that is not an identifier is quoted.
 * A path is cut at MAX_PROBLEM_PATH, and built only that far: a key may be megabytes long.
 */
export function jsonPath(segments: readonly (string | number)[]): string {
  let path = '$';
  for (const segment of segments) {
    if (path.length > MAX_PROBLEM_PATH) break;
    if (typeof segment === 'number') path += `[${segment}]`;
    else {
      const key = segment.length > MAX_PROBLEM_PATH ? segment.slice(0, MAX_PROBLEM_PATH) : segment;
      path += IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return path.length > MAX_PROBLEM_PATH ? `${path.slice(0, MAX_PROBLEM_PATH - 1)}…` : path;
}

/** The segments of an ajv instance path (a JSON pointer, `/assignees/0/name`). */
export function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

import { MAX_PROBLEM_PATH } from './classes';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.assignees[0].name` from the segments of a path; a key that is not an identifier is quoted. */
export function jsonPath(segments: readonly (string | number)[]): string {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
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

/**
 * A glob as rules write it: `*` is any run of characters (a `/` too, so `github/*` is every
 * tool of github and `*\/delete_*` every delete of any server), `?` is one character, and
 * everything else is itself. Case matters, as it does in tool names.
 *
 * Matched without a regex: a glob compiled to one backtracks (`*a*a*a*b` against a
 * 512-character name took 42 s). The parts between stars are found left to right, each at the
 * first place it fits after the one before (the first part at the start, the last at the end):
 * an earlier place never leaves less room for the parts after it, so that finds a match when
 * there is one, in time bounded by the name's length times the glob's.
 */
export function globMatcher(pattern: string): (value: string) => boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return (value) => value === pattern;
  const parts = pattern.split('*');
  if (parts.length === 1) return (value) => value.length === pattern.length && fitsAt(value, 0, pattern);
  // Sound: split gives at least one part, and two here (the pattern has a star).
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1).filter((part) => part.length > 0);
  const least = parts.reduce((sum, part) => sum + part.length, 0);
  return (value) => {
    if (value.length < least || !fitsAt(value, 0, first)) return false;
    const end = value.length - last.length;
    if (!fitsAt(value, end, last)) return false;
    let at = first.length;
    for (const part of middle) {
      const found = find(value, part, at, end);
      if (found < 0) return false;
      at = found + part.length;
    }
    return true;
  };
}

/** Whether `part` (with `?` for any one character) matches `value` at `at`. */
function fitsAt(value: string, at: number, part: string): boolean {
  for (let i = 0; i < part.length; i++) if (part[i] !== '?' && part[i] !== value[at + i]) return false;
  return true;
}

/** The first place at or after `from` where `part` fits and ends by `end`, or -1. */
function find(value: string, part: string, from: number, end: number): number {
  if (!part.includes('?')) {
    const found = value.indexOf(part, from);
    return found >= 0 && found + part.length <= end ? found : -1;
  }
  for (let at = from; at + part.length <= end; at++) if (fitsAt(value, at, part)) return at;
  return -1;
}

/** One matcher for any of several patterns. */
export function anyGlob(patterns: readonly string[]): (value: string) => boolean {
  const matchers = patterns.map(globMatcher);
  return (value) => matchers.some((m) => m(value));
}

/**
 * A glob as rules write it: `*` is any run of characters (a `/` too, so `github/*` is every
 * tool of github and `*\/delete_*` every delete of any server), `?` is one character, and
 * everything else is itself. Case matters, as it does in tool names.
 */
export function globMatcher(pattern: string): (value: string) => boolean {
  if (!/[*?]/.test(pattern)) return (value) => value === pattern;
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*+/g, '.*')
    .replace(/\?/g, '.');
  const re = new RegExp(`^${source}$`, 's');
  // Most patterns start with a server name: a value without that prefix is turned away before the regex.
  const prefix = pattern.slice(0, pattern.search(/[*?]/));
  return prefix ? (value) => value.startsWith(prefix) && re.test(value) : (value) => re.test(value);
}

/** One matcher for any of several patterns. */
export function anyGlob(patterns: readonly string[]): (value: string) => boolean {
  const matchers = patterns.map(globMatcher);
  return (value) => matchers.some((m) => m(value));
}

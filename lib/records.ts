/*
 * Typed reads and builds of records keyed by a closed list of string literals (modes, scopes,
 * failure classes…), so that callers need not assert what `Object.keys`/`fromEntries` lose.
 */

/** Whether `value` is one of `members`: narrows it to their literal union. */
export function isOneOf<T extends string>(members: readonly T[], value: unknown): value is T {
  return members.some((member) => member === value);
}

/** A record with one entry for each of `keys`, its value from `valueFor`. */
export function recordOf<K extends string, V>(keys: readonly K[], valueFor: (key: K, index: number) => V): Record<K, V> {
  // Sound: the map gives every key of `keys` an entry, which Object.fromEntries cannot express in its type.
  return Object.fromEntries(keys.map((key, index) => [key, valueFor(key, index)])) as Record<K, V>;
}

/**
 * The keys of a record declared in this code with exactly the keys K (a constant, not data that
 * came in): `Object.keys` types them as string because an object may hold more keys than its type.
 */
export function keysOf<K extends string>(record: Readonly<Record<K, unknown>>): K[] {
  // Sound for the records this is for: constants whose keys are exactly K.
  return Object.keys(record) as K[];
}

/** Whether a value is a non-null object, whose properties can then be read, each as unknown. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A property of a value that may be anything (a thrown value, parsed JSON): undefined unless it is an object. */
export function fieldOf(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** Whether a value is an object and not an array: what JSON calls an object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !Array.isArray(value);
}

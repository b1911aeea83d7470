import { isObject } from '@/lib/records';

/**
 * What a sent document says, over what the project has (§yaml), as `kubectl apply` merges: a
 * mapping merges key by key, so a key left out keeps its value; anything else present (a list,
 * a value, null) replaces the current one whole. `current` is the project's exported document;
 * the result is judged by the document schema as if it had been sent whole.
 */
export function mergeOntoCurrent(current: unknown, sent: unknown): unknown {
  if (!isObject(current) || !isObject(sent)) return sent;
  // Entries, not assignment: a key named __proto__ stays a key (and the schema refuses it).
  return Object.fromEntries([
    ...Object.entries(current).filter(([key]) => !Object.hasOwn(sent, key)),
    ...Object.entries(sent).map(([key, value]) => [key, Object.hasOwn(current, key) ? mergeOntoCurrent(current[key], value) : value]),
  ]);
}

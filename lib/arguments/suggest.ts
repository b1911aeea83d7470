import { itemAt } from '@/lib/arrays';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

/**
 * The declared key an unexpected key of a call stood for, among those the call did not send (a
 * key it sent is where it belongs): a close name first, a required one before another. Failing
 * that, a call that left out exactly one required key and sent exactly one key the schema does
 * not declare renamed the one to the other: `{a, y}` to a tool of `a` and `b`, both required,
 * meant `b`.
 */
export function suggestUnsent(key: string, call: object, declared: readonly string[], required: ReadonlySet<string>): string | undefined {
  if (key.length > ARGUMENT_CHECK_LIMITS.suggestKeyLength) return undefined;
  const unsent = declared.filter((k) => !Object.hasOwn(call, k));
  const missing = unsent.filter((k) => required.has(k));
  const close = suggestKey(key, unsent, new Set(missing));
  if (close !== undefined || missing.length !== 1) return close;
  const known = new Set(declared);
  let undeclared = 0;
  // Stops at the second: a call's keys are many only when it is wrong in other ways.
  for (const k in call) if (Object.hasOwn(call, k) && !known.has(k) && ++undeclared > 1) return undefined;
  return missing[0];
}

/**
 * "Did you mean `startDate`?": the declared key an unexpected key most likely stood for, or
 * undefined. Models shorten (`start` for `startDate`), change case or separators (`start_date`),
 * and mistype (`startDte`); a key the call left out, and above all a required one, is the
 * likelier meaning, so those are preferred. The work is bounded whatever the call sends: a key
 * longer than ARGUMENT_CHECK_LIMITS.suggestKeyLength gets no suggestion (no model means a key
 * that long), and the edit distance is worked out only for names close enough in length to
 * be within reach, in two rows (a 2M-character key once took 9.7 s and 600 MB here).
 */
export function suggestKey(key: string, declared: readonly string[], preferred: ReadonlySet<string> = new Set()): string | undefined {
  if (key.length > ARGUMENT_CHECK_LIMITS.suggestKeyLength) return undefined;
  const a = normalise(key);
  let best: { name: string; score: number } | undefined;
  for (const name of declared) {
    const score = closeness(key, a, name);
    if (score === null) continue;
    const ranked = score - (preferred.has(name) ? 0.5 : 0);
    if (!best || ranked < best.score) best = { name, score: ranked };
  }
  return best?.name;
}

/** How far apart two keys are (lower is closer), or null when one cannot stand for the other. */
function closeness(key: string, a: string, name: string): number | null {
  // A declared name is the schema's and bounded by its size; one far longer than any key we read stands for none.
  if (key === name || name.length > 4 * ARGUMENT_CHECK_LIMITS.suggestKeyLength) return null;
  const b = normalise(name);
  if (a === b) return 0;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  // `start` for `startDate`, `date` for `startDate`, `id` for `issue_id`, not `a` for `name`.
  if (shorter.length >= 2 && (longer.startsWith(shorter) || longer.endsWith(shorter))) return 1 + (longer.length - shorter.length) / longer.length;
  const allowed = Math.max(1, Math.floor(longer.length / 4));
  // Each edit changes the length by at most one: names further apart in length are out of reach.
  if (longer.length - shorter.length > allowed) return null;
  const distance = editDistance(a, b);
  return distance <= allowed ? 2 + distance : null;
}

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_\s.]/g, '');
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours, in three rows. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(itemAt(previous, j) + 1, itemAt(row, j - 1) + 1, itemAt(previous, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, itemAt(before, j - 2) + 1);
      row[j] = value;
    }
    [before, previous, row] = [previous, row, before];
  }
  return itemAt(previous, b.length);
}

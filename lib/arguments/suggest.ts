import { itemAt } from '@/lib/arrays';

/**
 * "Did you mean `startDate`?": the declared key an unexpected key most likely stood for, or
 * undefined. Models shorten (`start` for `startDate`), change case or separators (`start_date`),
 * and mistype (`startDte`); a key the call left out, and above all a required one, is the
 * likelier meaning, so those are preferred.
 */
export function suggestKey(key: string, declared: readonly string[], preferred: ReadonlySet<string> = new Set()): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of declared) {
    const score = closeness(key, name);
    if (score === null) continue;
    const ranked = score - (preferred.has(name) ? 0.5 : 0);
    if (!best || ranked < best.score) best = { name, score: ranked };
  }
  return best?.name;
}

/** How far apart two keys are (lower is closer), or null when one cannot stand for the other. */
function closeness(key: string, name: string): number | null {
  if (key === name) return null;
  const a = normalise(key);
  const b = normalise(name);
  if (a === b) return 0;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  // `start` for `startDate`, `date` for `startDate`, `id` for `issue_id`, not `a` for `name`.
  if (shorter.length >= 2 && (longer.startsWith(shorter) || longer.endsWith(shorter))) return 1 + (longer.length - shorter.length) / longer.length;
  const distance = editDistance(a, b);
  const allowed = Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));
  return distance <= allowed ? 2 + distance : null;
}

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_\s.]/g, '');
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(itemAt(itemAt(d, i - 1), j) + 1, itemAt(itemAt(d, i), j - 1) + 1, itemAt(itemAt(d, i - 1), j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, itemAt(itemAt(d, i - 2), j - 2) + 1);
      itemAt(d, i)[j] = value;
    }
  }
  return itemAt(itemAt(d, a.length), b.length);
}

/**
 * A name for a new token that no live token of the project has (§auth: a name belongs to one
 * live token): `base`, else `base (2)`, `base (3)`…, the way the migration told shared names apart.
 */
export function unusedTokenName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} (${n})`)) return `${base} (${n})`;
}

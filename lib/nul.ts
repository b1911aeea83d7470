/**
 * PostgreSQL text and jsonb cannot hold U+0000 or a lone UTF-16 surrogate. Input that carries
 * one is refused up front with the path of the offending string, so it never fails a whole
 * batch in the database.
 */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (unstorable(key)) return [...path, key];
      const found = findNul(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function unstorable(text: string): boolean {
  return text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

import { isRecord } from '@/lib/records';

/**
 * PostgreSQL text and jsonb cannot hold U+0000 or a lone UTF-16 surrogate. Input that carries
 * one is refused up front with the path of the offending string, so it never fails a whole
 * batch in the database.
 */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  // Every ingested event passes through here: paths are built only for containers and hits.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInChild(value[i], path, i);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const key of Object.keys(value)) {
      if (unstorable(key)) return [...path, key];
      const found = findInChild(value[key], path, key);
      if (found) return found;
    }
  }
  return null;
}

function findInChild(child: unknown, path: (string | number)[], step: string | number): (string | number)[] | null {
  if (typeof child === 'string') return unstorable(child) ? [...path, step] : null;
  if (child && typeof child === 'object') return findNul(child, [...path, step]);
  return null;
}

function unstorable(text: string): boolean {
  // ES2024 String.prototype.isWellFormed: in Node 20 but not in the ES2023 lib this project compiles against.
  return text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

import type { z } from 'zod';
import { MISSING } from '@/lib/validation';
import { itemAt } from '@/lib/arrays';

type Path = (string | number)[];

/** One schema issue as the document reports it: `consequence` when it follows from another (a field missing because its key is misspelt). */
export interface SchemaIssue {
  path: Path;
  message: string;
  /** Set when the issue is about this key itself, not its value. */
  key?: string;
  consequence: boolean;
}

/**
 * A document's schema issues in plain words. A required field that is missing is a consequence:
 * most often its key is there, misspelt, and that unknown key is what the person wrote and has to
 * fix, so an unknown key next to a missing one of a similar name says which it was meant to be.
 * A document merged onto a project misses nothing; there `unwritten` gives the keys of the map at
 * a path that the person did not write (the project's values fill them), to be meant instead.
 */
export function schemaIssues(issues: readonly z.core.$ZodIssue[], unwritten: (parent: Path) => string[] = () => []): SchemaIssue[] {
  const paths = issues.map((issue) => issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
  const missing = issues.flatMap((issue, i) => (issue.code === 'invalid_type' && issue.message === MISSING ? [itemAt(paths, i)] : []));
  return issues.flatMap((issue, i): SchemaIssue[] => {
    const path = itemAt(paths, i);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const meant = likelyMeant(key, [...missing.filter((m) => sameParent(m, path)).map((m) => String(m.at(-1))), ...unwritten(path)]);
        return {
          path: [...path, key],
          message: meant ? `unknown field '${key}': did you mean '${meant}'?` : `unknown field '${key}'`,
          key,
          consequence: false,
        };
      });
    }
    if (issue.code === 'invalid_type' && issue.message === MISSING) {
      return [{ path, message: `${String(path.at(-1))} is required (${issue.expected})`, consequence: true }];
    }
    return [{ path, message: issue.message, consequence: false }];
  });
}

/** Issues in the order to fix them: what was written, in document order, then what follows from it. */
export function byPrimary<T extends { line: number; column: number }>(issues: readonly T[], isConsequence: (issue: T) => boolean): T[] {
  return [...issues].sort((a, b) => Number(isConsequence(a)) - Number(isConsequence(b)) || a.line - b.line || a.column - b.column);
}

function sameParent(missingPath: Path, parent: Path): boolean {
  return missingPath.length === parent.length + 1 && parent.every((p, i) => missingPath[i] === p);
}

/** The missing key a written one is closest to, when it is close enough to be a typo of it. */
function likelyMeant(written: string, candidates: readonly string[]): string | null {
  let best: { key: string; distance: number } | null = null;
  for (const key of candidates) {
    const distance = editDistance(written.toLowerCase(), key.toLowerCase());
    if (distance <= Math.max(2, Math.floor(key.length / 3)) && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(itemAt(previous, j) + 1, itemAt(row, j - 1) + 1, itemAt(previous, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return itemAt(previous, b.length);
}

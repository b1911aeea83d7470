import { createHash } from 'node:crypto';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { stableStringify } from '@/lib/stable-json';

/** A fingerprint of a server's tools/list: same tools in the same order, same fingerprint. */
export function catalogFingerprint(tools: readonly CatalogTool[]): string {
  return `sha256:${createHash('sha256').update(stableStringify(tools)).digest('hex')}`;
}

export interface CatalogDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffCatalog(before: readonly CatalogTool[], after: readonly CatalogTool[]): CatalogDiff {
  const old = new Map(before.map((t) => [t.name, stableStringify(t)]));
  const next = new Map(after.map((t) => [t.name, stableStringify(t)]));
  return {
    added: after.filter((t) => !old.has(t.name)).map((t) => t.name),
    removed: before.filter((t) => !next.has(t.name)).map((t) => t.name),
    changed: after.filter((t) => old.has(t.name) && old.get(t.name) !== next.get(t.name)).map((t) => t.name),
  };
}

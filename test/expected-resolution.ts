import { expect } from 'vitest';
import type { Resolution } from '@/lib/names/resolution';

/** What a table of resolveCall cases expects of one call: a catalog tool, unresolved and why, or a meta tool. */
export type ExpectedResolution = { canonical: string; namespace: string } | { unresolved: RegExp; namespace: string } | { meta: true };

export function expectResolution(result: Resolution, expected: ExpectedResolution): void {
  if ('meta' in expected) {
    expect(result).toMatchObject({ kind: 'meta', namespace: 'meta' });
  } else if ('canonical' in expected) {
    expect(result).toMatchObject({ kind: 'tool', canonical: expected.canonical, namespace: expected.namespace });
  } else {
    expect(result).toMatchObject({ kind: 'unresolved', namespace: expected.namespace });
    expect(result.kind === 'unresolved' && result.reason).toMatch(expected.unresolved);
  }
}

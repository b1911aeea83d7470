import type { PreparedCatalog } from './prepared-catalog';
import { searchIndexSlices } from './retrieve';
import type { TokenMethodId } from './targets';
import { countDefinitionAhead } from './tokens';

const METHODS: readonly TokenMethodId[] = ['openai-functions', 'anthropic-tools'];

/**
 * What the first questions about a catalog would otherwise wait for, a slice at a time: every
 * tool's definition counted by both token methods (a first preview at a target of the other
 * method, a first client that defers), then the search index (a first query). Each slice is the
 * work a preview does itself on first need, through the same functions, so a preview that comes
 * before the warm-up is done finds less left to do and nothing different.
 */
export function* catalogWarmUp(catalog: PreparedCatalog, slice = 200): Generator<void, void, void> {
  for (const method of METHODS) {
    for (let i = 0; i < catalog.entries.length; i += slice) {
      for (const entry of catalog.entries.slice(i, i + slice)) countDefinitionAhead(entry.tool, method);
      yield;
    }
  }
  yield* searchIndexSlices(catalog, slice);
}

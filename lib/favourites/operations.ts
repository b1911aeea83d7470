import { ApiError } from '@/lib/errors';
import type { FavouriteIndex } from '@/lib/schemas/favourites';

/**
 * The atomic favourites operations (§favourites). Each takes the index in force when the write
 * holds the project lock and returns the next one, so concurrent callers never need a version:
 * they compose instead of overwriting each other. The maximum is checked by the writer.
 */
export type FavouriteOperation =
  | { op: 'pin'; tool: string; position?: number }
  | { op: 'unpin'; tool: string }
  | { op: 'move'; tool: string; to: number }
  | { op: 'settings'; enabled?: boolean; maxFavourites?: number };

export function applyOperation(current: FavouriteIndex, operation: FavouriteOperation): FavouriteIndex {
  switch (operation.op) {
    case 'pin':
      return pin(current, operation.tool, operation.position);
    case 'unpin':
      return unpin(current, operation.tool);
    case 'move':
      return move(current, operation.tool, operation.to);
    case 'settings':
      return {
        enabled: operation.enabled ?? current.enabled,
        maxFavourites: operation.maxFavourites ?? current.maxFavourites,
        tools: current.tools,
      };
  }
}

/** Pinning a tool already pinned changes nothing; a position past the end appends. */
export function pin(current: FavouriteIndex, tool: string, position?: number): FavouriteIndex {
  if (current.tools.includes(tool)) return current;
  if (current.tools.length >= current.maxFavourites) {
    throw new ApiError('MAX_FAVOURITES_EXCEEDED', `the favourites are full (${current.tools.length} / ${current.maxFavourites}), so ${tool} cannot be pinned`, {
      suggestedAction: `unpin one of ${current.tools.join(', ')}, or raise maxFavourites`,
      citedRule: '§favourites',
      details: { pinned: current.tools.length, maxFavourites: current.maxFavourites, tool },
    });
  }
  const tools = [...current.tools];
  tools.splice(clamp(position ?? tools.length, 0, tools.length), 0, tool);
  return { ...current, tools };
}

/** Unpinning a tool that is not pinned changes nothing: two people unpinning it agree. */
export function unpin(current: FavouriteIndex, tool: string): FavouriteIndex {
  if (!current.tools.includes(tool)) return current;
  return { ...current, tools: current.tools.filter((t) => t !== tool) };
}

/** Move a pinned tool to a 0-based position; past the end means last (the list may have shrunk). */
export function move(current: FavouriteIndex, tool: string, to: number): FavouriteIndex {
  const from = current.tools.indexOf(tool);
  if (from < 0) {
    throw new ApiError('FAVOURITE_NOT_PINNED', `${tool} is not pinned, so it cannot be moved`, {
      suggestedAction: 'reload the favourites; pin the tool first if you want it in the list',
      citedRule: '§favourites',
      details: { tool, pinned: current.tools },
    });
  }
  const tools = [...current.tools];
  tools.splice(from, 1);
  tools.splice(clamp(to, 0, tools.length), 0, tool);
  return { ...current, tools };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(Math.max(n, lo), hi);
}

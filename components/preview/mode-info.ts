import type { SurfaceMode } from '@/lib/schemas/surface-config';

/** One line per mode: what the list is made of (§surface). */
export const MODE_SUMMARY: Record<SurfaceMode, string> = {
  off: 'Agent tools + mcp_invoke_tool',
  eager: 'Agent tools + every catalog tool as server__tool',
  lazy: 'Agent tools + mcp_find_tools + the tools activated so far',
  pinned: 'Lazy, plus the tools of the most recently called servers',
  favindex: 'Agent tools + favourite/… + all/<server>/<tool>, with the instruction',
  deferred: 'Agent tools + every catalog tool as server__tool, favourites first and kept loaded, with the instruction',
  retrieve: 'Agent tools + mcp_find_tools + the top K catalog tools for the last query (BM25)',
};

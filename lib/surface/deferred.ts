import { deferredInstructionFor } from '@/lib/schemas/surface-config';
import { agentEntries } from './fixed-tools';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import type { ModeReads } from './mode-reads';
import type { LeftOutTool, ListedTool, ModeList } from './types';

/**
 * For clients that defer MCP tools behind their own tool search (Claude Code, Codex, VS Code
 * with Claude 4.5+ or GPT-5.4+): agent tools, the favourites in pinned order (at most
 * maxFavourites), then every other catalog tool in catalog order, all under their typed names,
 * with the instruction. The favourites are marked to stay loaded when the project says so.
 *
 * Favourites come first because a client that does not defer after all keeps the start of a
 * long list (Cursor sends the first 40 tools), and the start is what a model reads first. Every
 * name is the typed name eager gives, so a pin moves a tool and marks it, but never renames it:
 * a client's permission rules and a model's habits keep working through changes of favourites.
 */
export function deferredList(catalog: PreparedCatalog, inputs: ModeReads<'deferred'>): ModeList {
  const tools = agentEntries(inputs.agentTools).slice();
  const leftOut: LeftOutTool[] = [];
  const notes: string[] = [];
  const favourites = favouriteEntries(catalog, inputs, leftOut, notes);
  const first = new Set(favourites.map((e) => e.canonical));
  for (const entry of favourites) {
    const tool: ListedTool = { name: entry.typedName, canonical: entry.canonical, source: 'favourite', body: entry.tool };
    if (inputs.alwaysLoadFavourites) tool.alwaysLoad = true;
    tools.push(tool);
  }
  for (const entry of catalog.entries) {
    if (entry.presentable && !first.has(entry.canonical)) tools.push({ name: entry.typedName, canonical: entry.canonical, source: 'typed', body: entry.tool });
  }
  if (favourites.length > 0 && !inputs.alwaysLoadFavourites)
    notes.push('the project does not mark favourites to stay loaded: a deferring client defers them too');
  return { mode: 'deferred', tools, leftOut: [...leftOut, ...catalog.typedLeftOut], instruction: deferredInstructionFor(inputs.instruction), notes };
}

/** The favourites the list starts with: pinned, within maxFavourites, in the catalog and presentable. */
function favouriteEntries(catalog: PreparedCatalog, inputs: ModeReads<'deferred'>, leftOut: LeftOutTool[], notes: string[]): CatalogEntry[] {
  const { favourites } = inputs;
  if (!favourites.enabled) {
    notes.push('the favourite index is disabled: no tool is marked to stay loaded');
    return [];
  }
  const shown = favourites.tools.slice(0, favourites.maxFavourites);
  if (favourites.tools.length > shown.length) {
    notes.push(`${favourites.tools.length - shown.length} favourite(s) beyond maxFavourites ${favourites.maxFavourites} are not marked`);
  }
  const entries: CatalogEntry[] = [];
  for (const name of shown) {
    const entry = catalog.byCanonical.get(name);
    if (!entry) {
      leftOut.push({
        canonical: name,
        name,
        reason: 'not-in-catalog',
        message: `pinned tool '${name}' is not in the catalog (not synced yet, or removed)`,
      });
    } else if (entry.presentable) entries.push(entry);
    // A favourite whose typed name is left out is reported once, with the catalog's reason.
  }
  return entries;
}

import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import type { FavouritesView, FavouritesWriteResult } from '@/lib/contracts/favourites';
import { integer, requireProject, stringValue } from '../args';
import type { ApiClient } from '../client';
import type { Command } from '../command';
import { badArguments } from '../exit-codes';
import { printJson, type Io } from '../output';

export const favouritesCommand: Command = {
  name: 'favourites',
  summary: 'list, pin or unpin the favourites',
  help: `favindex favourites list --project P
favindex favourites pin --project P TOOL... [--position N]
favindex favourites unpin --project P TOOL...

  TOOL is a canonical server/tool name. Each pin or unpin applies to the list in force (no
  version needed); pinning a pinned tool or unpinning one that is not pinned changes nothing.
  A full list refuses the pin (exit 1, MAX_FAVOURITES_EXCEEDED); with several tools, the ones
  before a refusal stay done. A pin of a tool no connected proxy serves is stored and warned of
  on stderr: no client receives it until a proxy runs its server. The history records them as made via the CLI. Scopes for a token: config:read (list), favourites:write (pin, unpin).`,
  options: { position: { type: 'string' } },

  async run({ parsed, io, client }) {
    const [action, ...tools] = parsed.positionals;
    const project = requireProject(parsed.global);
    if (action === 'list') {
      if (tools.length > 0) throw badArguments(`favourites list takes no tool names (got ${tools.join(' ')})`);
      const { data: view } = await client.call(FAVOURITE_ENDPOINTS.read, { id: project });
      return parsed.global.json ? printJson(io, view) : io.stdout(describeList(view));
    }
    if (action !== 'pin' && action !== 'unpin') {
      throw badArguments(action ? `unknown favourites action '${action}'` : 'favourites needs an action', 'use favindex favourites list|pin|unpin');
    }
    if (tools.length === 0) throw badArguments(`favourites ${action} needs at least one server/tool name`);
    const rawPosition = stringValue(parsed.values.position);
    if (rawPosition !== undefined && action !== 'pin') throw badArguments('--position goes with pin');
    if (rawPosition !== undefined && tools.length > 1) throw badArguments('--position takes one tool at a time');
    const position = rawPosition === undefined ? undefined : integer(rawPosition, '--position', 0, 127);
    await pinOrUnpin(client, io, { project, action, tools, position, json: parsed.global.json });
  },
};

/** One request per tool, in order; a refusal stops there (the earlier ones stay done, and say so). */
async function pinOrUnpin(
  client: ApiClient,
  io: Io,
  { project, action, tools, position, json }: { project: string; action: 'pin' | 'unpin'; tools: string[]; position?: number; json: boolean },
): Promise<void> {
  let last: FavouritesWriteResult | null = null;
  const changed: string[] = [];
  const warnings: string[] = [];
  for (const tool of tools) {
    const body = { tool, ...(position !== undefined ? { position } : {}) };
    last = (await client.call(FAVOURITE_ENDPOINTS[action], { id: project }, { json: body })).data;
    if (last.changed) changed.push(tool);
    // Stored all the same: the user is told it reaches no client, and can add it to a proxy.
    if (last.warning) {
      warnings.push(last.warning);
      io.stderr(`warning: ${last.warning}\n`);
    }
    if (!json) {
      const done = action === 'pin' ? `★ pinned ${tool}` : `unpinned ${tool}`;
      const same = action === 'pin' ? `${tool} was already pinned` : `${tool} was not pinned`;
      io.stdout(`${last.changed ? done : `${same}: no change`} (version ${last.version}, ${last.pinned} of ${last.maxFavourites} pinned)\n`);
    }
  }
  if (json) printJson(io, { ...last, changedTools: changed, warnings });
}

function describeList(view: FavouritesView): string {
  const missing = new Set(view.missingFromCatalog);
  const state = `${view.enabled ? 'enabled' : 'disabled'}, ${view.pinned} of ${view.maxFavourites} pinned${view.full ? ' (full)' : ''}`;
  const lines = [`Favourites of ${view.project}: version ${view.version}, ${state}`];
  if (view.tools.length === 0) lines.push('  (none pinned: favindex suggest shows what to pin)');
  const width = String(view.tools.length).length;
  view.tools.forEach((tool, i) => {
    lines.push(`  ${String(i + 1).padStart(width)}. ${tool}${missing.has(tool) ? '  (not in catalog)' : ''}`);
  });
  return `${lines.join('\n')}\n`;
}

import type { NamingScheme, TargetId } from '@/lib/schemas/surface-config';
import { TARGETS } from '@/lib/surface/targets';

/** Each field of the surface config in plain words: its label, and one line on what it decides. */
export const FIELD_WORDS: Record<string, { label: string; help: string }> = {
  mode: { label: 'Mode', help: 'How the tools are offered to the model: all at once, behind a search, or favourites first.' },
  naming: {
    label: 'Tool names',
    help: 'How the favourites first mode names tools. Safe names work with every provider; slash names are refused by OpenAI-style providers.',
  },
  argumentChecks: {
    label: 'Argument checks',
    help: 'Whether favindex proxies check each call’s arguments against the tool’s input schema before passing it on.',
  },
  target: { label: 'Model provider', help: 'Whose limits the verdicts check: how many tools it accepts and which names.' },
  customCap: { label: 'Custom cap', help: 'For a custom provider: the most tools it accepts in one request.' },
  alwaysLoadFavourites: {
    label: 'Keep favourites loaded',
    help: 'In clients that defer tools (Claude Code), the favourites’ full descriptions are sent up front; the rest wait for a search.',
  },
  toolBudget: {
    label: 'Attention budget',
    help: 'The most tools a model should be shown in all, the agent’s own counted: past about 30, models pick the wrong tool more often.',
  },
  'limits.maxToolsPerRequest': {
    label: 'Tool budget per request',
    help: 'In pinned mode: the most tools one list may hold; the recent servers’ tools stop there.',
  },
  'limits.maxActivatedToolsPerSession': {
    label: 'Tools a session may add',
    help: 'In lazy and pinned mode: how many found tools one session may add to its list.',
  },
  'limits.maxPinnedServers': { label: 'Servers kept whole', help: 'In pinned mode: how many recently called servers keep all their tools listed.' },
  'limits.retrieveK': { label: 'Tools per search', help: 'How many tools a search (mcp_find_tools, retrieve mode) returns.' },
  agentTools: { label: 'Agent’s own tools', help: 'The tools the agent brings itself; they count against the provider’s cap.' },
  serverKey: { label: 'Server key', help: 'The name the clients’ configs give favindex; clients put it in front of every tool name.' },
  instruction: { label: 'Instruction', help: 'The note sent with the list that tells the model to prefer the favourites.' },
};

export function fieldLabel(path: string): string {
  return FIELD_WORDS[path]?.label ?? path;
}

export const NAMING_WORDS: Record<NamingScheme, string> = {
  safe: 'safe: fav_… and all_<server>_<tool>',
  slash: 'slash: favourite/… and all/<server>/<tool>',
};

export function targetLabel(id: TargetId): string {
  return id === 'custom' ? 'Custom (a cap you give)' : TARGETS[id].label;
}

/** A field's value as the plan shows it. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  return String(value);
}

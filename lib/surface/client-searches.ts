import { CLIENT_IDS, type ClientId } from './clients';
import { defaultDeferralSettings, deferralPlan } from './deferral-plan';
import type { ToolSearchId } from './tool-search';

/** What a client does with its users' default settings when it defers (an unbounded list, so `auto` defers too). */
function defaultPlan(client: ClientId) {
  return deferralPlan(client, defaultDeferralSettings(client), Number.POSITIVE_INFINITY);
}

/**
 * The search each deferring client puts in front of MCP tools, read from its deferral rules
 * (deferral-plan.ts, sources in tool-search.ts). Copilot CLI's search is server-side and
 * unpublished, and Cursor looks tools up in files: neither has a search favindex can run.
 */
export const CLIENT_SEARCHES: Partial<Record<ClientId, ToolSearchId>> = Object.fromEntries(
  CLIENT_IDS.flatMap((id) => {
    const search = defaultPlan(id).search;
    return search ? [[id, search]] : [];
  }),
);

/** Whether the client keeps a tool marked alwaysLoad loaded (Claude Code); Codex and VS Code defer favourites too. */
export function keepsMarkedLoaded(client: ClientId): boolean {
  return defaultPlan(client).honoursAlwaysLoad;
}

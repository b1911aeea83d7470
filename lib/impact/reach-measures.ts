/**
 * Did loading help (§impact)? Clients that defer MCP tools (Claude Code) leave a deferred tool
 * out of sight until the model searches for it, so the tools a change loaded should be called
 * by more sessions after it. Each measure is a share of sessions. "Loaded" is judged by the
 * canonical tool a call reached and the favourites of the revision it was made under, never by
 * the name form: in some modes favourites are called under their typed names.
 */
export const REACH_MEASURES = ['loadedByChange', 'deferredByChange', 'usedLoaded', 'usedDeferred'] as const;
export type ReachMeasure = (typeof REACH_MEASURES)[number];

export const REACH_DEFINITIONS: Record<ReachMeasure, { label: string; description: string }> = {
  loadedByChange: {
    label: 'Sessions that used the tools this change loaded',
    description: 'Share of sessions that called any of the tools this change made favourites (kept loaded from now on).',
  },
  deferredByChange: {
    label: 'Sessions that used the tools this change deferred',
    description: 'Share of sessions that called any of the tools this change took out of the favourites (deferred from now on).',
  },
  usedLoaded: {
    label: 'Sessions that used a loaded tool',
    description: 'Share of sessions that called a favourite of the revision they ran under, by whatever name.',
  },
  usedDeferred: {
    label: 'Sessions that used a deferred tool',
    description: 'Share of sessions that called a catalog tool that was not a favourite of the revision they ran under.',
  },
};

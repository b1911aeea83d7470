import type { LostTool, ModePreview, ToolMark } from '@/lib/contracts/preview';
import { MAX_LOST_NAMED } from '@/lib/limits';
import type { ClientTool } from './client-list';
import type { LeftOutTool } from './types';
import type { TargetFit } from './targets';
import type { ToolVisibility } from './visibility';

const losing = (mark: ToolMark) => mark.kind === 'refused-by-client' || mark.kind === 'grouped';

/**
 * Everything the model will not get of a whole list: left out by the mode, left out or grouped
 * by the client, or past a cap that drops rather than refuses (the cap is checked against what
 * is sent in full: deferred tools are not the ones past it). None when the request is refused
 * as a whole: the model then gets nothing. Counted whole, the first MAX_LOST_NAMED named.
 */
export function lostTools(
  requestRefused: ModePreview['requestRefused'],
  leftOut: readonly LeftOutTool[],
  tools: readonly ClientTool[],
  levels: readonly (ToolVisibility | null)[],
  fit: Pick<TargetFit, 'overBy' | 'cap'>,
): ModePreview['lost'] {
  if (requestRefused) return { count: 0, tools: [] };
  const named: LostTool[] = [];
  let count = 0;
  const lose = (name: string, why: string) => {
    if (count++ < MAX_LOST_NAMED) named.push({ name, why });
  };
  for (const t of leftOut) lose(t.canonical, t.message);
  for (const tool of tools) {
    const mark = tool.marks.find(losing);
    if (mark) lose(tool.canonical ?? tool.name, mark.message);
  }
  if (fit.overBy > 0 && fit.cap !== null) {
    let sentInFull = 0;
    for (const [i, tool] of tools.entries()) {
      if (tool.marks.some(losing) || (levels[i]?.visibility ?? 'full') !== 'full') continue;
      if (++sentInFull > fit.cap) lose(tool.canonical ?? tool.name, `past the cap of ${fit.cap}`);
    }
  }
  return { count, tools: named };
}

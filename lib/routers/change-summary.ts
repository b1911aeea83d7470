import type { RoutersChangeSummary } from '@/lib/contracts/routers';
import { countOf, someOf } from '@/lib/format';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { placesOf } from './places';

/** The texts a config holds, by what they describe: a change of any is a rewording. */
function textsOf(config: RoutersConfig): Map<string, string> {
  const texts = new Map<string, string>();
  for (const router of config.routers) {
    texts.set(`router ${router.name}`, router.description);
    for (const op of router.ops) texts.set(`op ${router.name}.${op.op}`, op.note);
  }
  for (const singleton of config.singletons) texts.set(`singleton ${singleton.tool}`, singleton.reason);
  return texts;
}

export function summariseRoutersChange(before: RoutersConfig | null, after: RoutersConfig): RoutersChangeSummary {
  const previous = before ?? emptyRoutersConfig();
  const names = new Set(after.routers.map((r) => r.name));
  const was = new Set(previous.routers.map((r) => r.name));
  const from = placesOf(previous);
  const to = placesOf(after);
  const oldTexts = textsOf(previous);
  let reworded = 0;
  for (const [key, text] of textsOf(after)) if (oldTexts.has(key) && oldTexts.get(key) !== text) reworded++;
  return {
    routersAdded: [...names].filter((n) => !was.has(n)),
    routersRemoved: [...was].filter((n) => !names.has(n)),
    placed: [...to.keys()].filter((tool) => !from.has(tool)),
    unplaced: [...from.keys()].filter((tool) => !to.has(tool)),
    moved: [...to].flatMap(([tool, place]) => {
      const old = from.get(tool);
      return old !== undefined && old !== place ? [{ tool, from: old, to: place }] : [];
    }),
    reworded,
  };
}

/**
 * One line for a timeline: "added 1 router issues · placed a, b · moved c (x.get → singleton) ·
 * 2 texts reworded", five names of a kind at most, since one change may place hundreds of tools.
 */
export function describeRoutersChange(before: RoutersConfig | null, after: RoutersConfig): string {
  const s = summariseRoutersChange(before, after);
  const parts: string[] = [];
  if (s.routersAdded.length) parts.push(`added ${countOf(s.routersAdded.length, 'router')} ${someOf(s.routersAdded)}`);
  if (s.routersRemoved.length) parts.push(`removed ${countOf(s.routersRemoved.length, 'router')} ${someOf(s.routersRemoved)}`);
  if (s.placed.length) parts.push(`placed ${someOf(s.placed)}`);
  if (s.moved.length) parts.push(`moved ${someOf(s.moved.map((m) => `${m.tool} (${m.from} → ${m.to})`))}`);
  if (s.unplaced.length) parts.push(`unplaced ${someOf(s.unplaced)}`);
  if (s.reworded) parts.push(`${countOf(s.reworded, 'text')} reworded`);
  const order = (c: RoutersConfig) => JSON.stringify([c.routers.map((r) => [r.name, r.ops.map((o) => o.op)]), c.singletons.map((t) => t.tool)]);
  if (parts.length === 0 && before && order(before) !== order(after)) parts.push('reordered');
  return parts.join(' · ') || 'no change';
}

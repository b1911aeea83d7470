import { itemAt } from '@/lib/arrays';
import { ROUTER_LIMITS } from '@/lib/schemas/routers';
import type { ToolFeatures } from './features';
import { SAME_SHAPE, shapeSimilarity } from './shape';

/**
 * Tools of one server that belong together (#49), found by keys rather than by comparing every
 * pair: first by what they act on (their topic noun: `get_issue`, `list_issues`,
 * `add_issue_comment`), then, among those left without a noun sibling, by one act over several
 * things with one input shape (`search_code`, `search_users`: both take {q, order, page, per_page}).
 * A tool with neither kind of sibling stays alone: no cluster is forced.
 */
export interface ToolGroup {
  kind: 'noun' | 'verb';
  server: string;
  /** The noun phrase the members act on (`pull`, `request`), or the one verb they share. */
  key: string[];
  /** In catalog order. */
  members: ToolFeatures[];
}

/** A verb's tools are compared with at most this many shapes already seen, so a bucket of thousands stays linear. */
const MAX_SHAPES_PER_VERB = 64;

function bucket<K>(tools: readonly ToolFeatures[], keyOf: (t: ToolFeatures) => K | null): Map<K, ToolFeatures[]> {
  const buckets = new Map<K, ToolFeatures[]>();
  for (const tool of tools) {
    const key = keyOf(tool);
    if (key === null) continue;
    const list = buckets.get(key);
    if (list) list.push(tool);
    else buckets.set(key, [tool]);
  }
  return buckets;
}

/** The topic, and the nouns after it that every member names right after it (`pull` → `pull request`). */
function nounPhrase(topic: string, members: readonly ToolFeatures[]): string[] {
  const phrase = [topic];
  for (;;) {
    const next = members.map((m) => m.nouns[m.nouns.indexOf(phrase[0] ?? '') + phrase.length]);
    const word = next[0];
    if (word === undefined || next.some((w) => w !== word)) return phrase;
    phrase.push(word);
  }
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Tools of one verb split into runs of one shape: each joins the first shape it is like, else starts one. */
function byShape(tools: readonly ToolFeatures[]): ToolFeatures[][] {
  const runs: ToolFeatures[][] = [];
  for (const tool of tools) {
    const run = runs.slice(0, MAX_SHAPES_PER_VERB).find((r) => shapeSimilarity(itemAt(r, 0).shape, tool.shape) >= SAME_SHAPE);
    if (run) run.push(tool);
    else runs.push([tool]);
  }
  return runs;
}

/** Groups of two or more (catalog order of their first member), and the tools with no sibling. */
export function groupTools(tools: readonly ToolFeatures[]): { groups: ToolGroup[]; alone: ToolFeatures[] } {
  const groups: ToolGroup[] = [];
  const left: ToolFeatures[] = [];
  for (const members of bucket(tools, (t) => (t.topic === null ? null : `${t.server}\u0000${t.topic}`)).values()) {
    const first = itemAt(members, 0);
    if (members.length < 2) {
      left.push(first);
      continue;
    }
    const key = nounPhrase(first.topic ?? '', members);
    for (const chunk of chunks(members, ROUTER_LIMITS.opsPerRouter)) groups.push({ kind: 'noun', server: first.server, key, members: chunk });
  }
  left.push(...tools.filter((t) => t.topic === null));
  left.sort((a, b) => a.index - b.index);
  const alone: ToolFeatures[] = left.filter((t) => t.verb === null);
  for (const verbTools of bucket(left, (t) => (t.verb === null ? null : `${t.server}\u0000${t.verb}`)).values()) {
    for (const run of byShape(verbTools)) {
      const first = itemAt(run, 0);
      if (run.length < 2) alone.push(first);
      else
        for (const chunk of chunks(run, ROUTER_LIMITS.opsPerRouter))
          groups.push({ kind: 'verb', server: first.server, key: [first.verb ?? ''], members: chunk });
    }
  }
  groups.sort((a, b) => (a.members[0]?.index ?? 0) - (b.members[0]?.index ?? 0));
  alone.sort((a, b) => a.index - b.index);
  return { groups, alone };
}

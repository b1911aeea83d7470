import type { ModePreview, PreviewTool, TargetProblem } from '@/lib/contracts/preview';
import { itemAt } from '@/lib/arrays';
import { kept } from '@/lib/kept';
import type { ListShape } from './budget';
import type { ClientTool } from './client-list';
import type { ToolVisibility } from './visibility';

export type PreviewDetail = 'full' | 'names';

/**
 * A mode's whole list through the client, checked and counted: its summary, and what any page
 * of it is made from. Kept and shared by later answers: never changed.
 */
export interface CheckedMode {
  summary: Omit<ModePreview, 'problems' | 'page' | 'tools' | 'budget'>;
  /** What the list is made of, of the tools the model is shown before any search: what the attention budget counts. */
  shape: ListShape;
  tools: readonly ClientTool[];
  levels: readonly (ToolVisibility | null)[];
  /** Each problem the target finds, with the place in `tools` of the tool it is about. */
  problems: readonly { problem: TargetProblem; at: number }[];
}

/** Which part of a list an answer gives: all of it (limit null), or a page of the tools a filter keeps, in an order. */
export interface ListView {
  limit: number | null;
  offset: number;
  filter: string;
  /** A column and a direction, `name.asc` (LIST_SORT_RE). */
  sort: string;
}

export const WHOLE_LIST: ListView = { limit: null, offset: 0, filter: '', sort: 'position.asc' };

/** The preview of a checked list as `view` asks for it: the summary whole, the tools and their problems of the part asked for. */
export function listedPreview(checked: CheckedMode, detail: PreviewDetail, view: ListView): Omit<ModePreview, 'budget'> {
  // The notes are the one part a caller adds to (the stateless note): each answer gets its own.
  const summary = { ...checked.summary, notes: [...checked.summary.notes] };
  if (view.limit === null) {
    const tools = wholeTools(checked, detail);
    const page = { offset: 0, limit: null, sort: WHOLE_LIST.sort, filter: '', matching: tools.length };
    return { ...summary, problems: checked.problems.map((p) => p.problem), page, tools };
  }
  const matching = matchingTools(checked, view);
  const shown = matching.slice(view.offset, view.offset + view.limit);
  const inPage = new Set(shown);
  const tools = shown.map((i) => ({ position: i + 1, ...toPreviewTool(itemAt(checked.tools, i), detail, checked.levels[i] ?? null) }));
  const problems = checked.problems.filter((p) => inPage.has(p.at)).map((p) => p.problem);
  return { ...summary, problems, page: { offset: view.offset, limit: view.limit, sort: view.sort, filter: view.filter, matching: matching.length }, tools };
}

/** The whole list's preview tools, made once per checked list and detail: the encoder keeps its bytes by this array. */
const wholeLists = new WeakMap<CheckedMode, Partial<Record<PreviewDetail, PreviewTool[]>>>();

function wholeTools(checked: CheckedMode, detail: PreviewDetail): PreviewTool[] {
  const lists = kept(wholeLists, checked, (): Partial<Record<PreviewDetail, PreviewTool[]>> => ({}));
  const made = lists[detail] ?? checked.tools.map((t, i) => toPreviewTool(t, detail, checked.levels[i] ?? null));
  lists[detail] = made;
  return made;
}

function toPreviewTool(tool: ClientTool, detail: PreviewDetail, level: ToolVisibility | null): PreviewTool {
  const out: PreviewTool =
    tool.presented !== tool.name
      ? { name: tool.name, presented: tool.presented, canonical: tool.canonical, source: tool.source }
      : { name: tool.name, canonical: tool.canonical, source: tool.source };
  if (tool.placeholder) out.placeholder = true;
  if (detail === 'full' && !tool.placeholder) {
    out.description = tool.body.description ?? '';
    out.inputSchema = tool.body.inputSchema;
  }
  if (tool.marks.length > 0) out.marks = tool.marks;
  if (level) {
    out.visibility = level.visibility;
    out.why = level.why;
    if (level.cut) out.cut = true;
  }
  return out;
}

/** What a page's order and filter are made from, per checked list: worked out on the first page that needs them. */
interface ListIndex {
  /** Places of the named tools (agent tools given as a count have no name to show, sort or find). */
  named: number[];
  /** Per column, the named tools' places in ascending order, ties by place. */
  ascending: Map<string, number[]>;
  /** Per named tool, the lower-case text a filter looks in. */
  haystacks: string[] | null;
}

const indexes = new WeakMap<CheckedMode, ListIndex>();
const collator = new Intl.Collator('en');
const VISIBILITY_ORDER = { full: 0, name: 1, hidden: 2 } as const;

type PlaceOrder = (a: number, b: number) => number;
const byPlace: PlaceOrder = (a, b) => a - b;

/** Orders two places of a list by a column, ascending. */
const COLUMN_ORDER: Record<string, (checked: CheckedMode) => PlaceOrder> = {
  position: () => byPlace,
  name:
    ({ tools }) =>
    (a, b) =>
      collator.compare(itemAt(tools, a).name, itemAt(tools, b).name),
  canonical:
    ({ tools }) =>
    (a, b) =>
      collator.compare(itemAt(tools, a).canonical ?? '', itemAt(tools, b).canonical ?? ''),
  visibility: ({ levels }) => {
    const rank = (i: number) => {
      const level = levels[i];
      return level ? VISIBILITY_ORDER[level.visibility] : 3;
    };
    return (a, b) => rank(a) - rank(b);
  },
};

/** The places of the tools `view` keeps, in its order: descending flips the column, ties stay in list order. */
function matchingTools(checked: CheckedMode, view: ListView): number[] {
  const index = kept(indexes, checked, () => ({ named: namedPlaces(checked.tools), ascending: new Map(), haystacks: null }));
  const [column = 'position', direction = 'asc'] = view.sort.split('.');
  const compare = COLUMN_ORDER[column]?.(checked) ?? byPlace;
  const ascending = kept(index.ascending, column, () => [...index.named].sort((a, b) => compare(a, b) || a - b));
  let places = direction === 'desc' ? descending(ascending, compare) : ascending;
  const needle = view.filter.toLowerCase();
  if (needle !== '') {
    index.haystacks ??= index.named.map((i) => haystack(itemAt(checked.tools, i)));
    const found = new Set<number>();
    for (const [k, text] of index.haystacks.entries()) if (text.includes(needle)) found.add(itemAt(index.named, k));
    places = places.filter((i) => found.has(i));
  }
  return places;
}

function namedPlaces(tools: readonly ClientTool[]): number[] {
  const named: number[] = [];
  for (const [i, tool] of tools.entries()) if (!tool.placeholder) named.push(i);
  return named;
}

/** The ascending order reversed by its column, each run of equal tools kept in list order. */
function descending(ascending: readonly number[], compare: PlaceOrder): number[] {
  const out: number[] = [];
  let end = ascending.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && compare(itemAt(ascending, start - 1), itemAt(ascending, end - 1)) === 0) start--;
    out.push(...ascending.slice(start, end));
    end = start;
  }
  return out;
}

function haystack(tool: ClientTool): string {
  return `${tool.name} ${tool.presented} ${tool.canonical ?? tool.source} ${tool.body.description ?? ''}`.toLowerCase();
}

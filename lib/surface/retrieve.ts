import MiniSearch from 'minisearch';
import { agentEntries, searchEntries } from './fixed-tools';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import type { ModeReads } from './mode-reads';
import type { LeftOutTool, ListedTool, ModeList } from './types';
import { itemAt } from '@/lib/arrays';
import { kept } from '@/lib/kept';
import { isRecord } from '@/lib/records';

interface ToolDocument {
  id: number;
  name: string;
  description: string;
  params: string;
}

/** Words of identifiers and prose: `createPullRequest`, `create_pull-request` → create, pull, request. */
export function searchWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Parameter names at every level of an input schema. */
export function parameterNames(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (!isRecord(schema) || depth > 6) return out;
  const s = schema;
  if (isRecord(s.properties)) {
    for (const [name, child] of Object.entries(s.properties)) {
      out.push(name);
      parameterNames(child, out, depth + 1);
    }
  }
  if (s.items) parameterNames(s.items, out, depth + 1);
  return out;
}

// Words that carry no meaning for picking a tool: "create an issue" must not rank on "an".
export const STOP_WORDS: ReadonlySet<string> = new Set('a an the to of in on for with and or is are be by from at as it its this that into via'.split(' '));

/** A catalog's search index and how far its build has got: the entries before `next` are in it. */
interface IndexBuild {
  index: MiniSearch<ToolDocument>;
  next: number;
}

const indexes = new WeakMap<PreparedCatalog, IndexBuild>();

function indexBuild(catalog: PreparedCatalog): IndexBuild {
  return kept(indexes, catalog, () => ({
    index: new MiniSearch<ToolDocument>({
      fields: ['name', 'description', 'params'],
      tokenize: searchWords,
      processTerm: (term) => (STOP_WORDS.has(term) ? null : term),
      searchOptions: { boost: { name: 2 }, combineWith: 'OR', prefix: false, fuzzy: false },
    }),
    next: 0,
  }));
}

/** Adds the catalog's entries up to `end` to its index, in catalog order (ids are places in the catalog). */
function addEntries(build: IndexBuild, catalog: PreparedCatalog, end: number): void {
  for (; build.next < Math.min(end, catalog.entries.length); build.next++) {
    const entry = itemAt(catalog.entries, build.next);
    build.index.add({
      id: build.next,
      name: `${entry.server} ${entry.tool.name} ${entry.tool.title ?? ''}`,
      description: entry.tool.description ?? '',
      params: parameterNames(entry.tool.inputSchema).join(' '),
    });
  }
}

/** A BM25 index (MiniSearch's BM25+) over name, description and parameter names, built once per catalog. */
function searchIndex(catalog: PreparedCatalog): MiniSearch<ToolDocument> {
  const build = indexBuild(catalog);
  addEntries(build, catalog, catalog.entries.length);
  return build.index;
}

/**
 * The index built a slice of entries at a time, for a warm-up between requests: the same
 * entries in the same order as searchIndex adds them, so a search that comes first finishes it.
 */
export function* searchIndexSlices(catalog: PreparedCatalog, slice = 200): Generator<void, void, void> {
  const build = indexBuild(catalog);
  while (build.next < catalog.entries.length) {
    addEntries(build, catalog, build.next + slice);
    yield;
  }
}

function hasQuery(query: string): boolean {
  return searchWords(query).some((w) => !STOP_WORDS.has(w));
}

/** Catalog tools ranked for a query: by score, ties in catalog order. */
export function rankTools(catalog: PreparedCatalog, query: string): { entry: CatalogEntry; score: number }[] {
  if (!hasQuery(query)) return [];
  return searchIndex(catalog)
    .search(query)
    .map((r) => {
      // MiniSearch types ids as any; this index is built with numeric ids.
      const id = r.id as number;
      const entry = catalog.entries[id];
      if (!entry) throw new Error(`search result ${id} is not a position in the catalog it was built from`);
      return { entry, score: r.score, id };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map(({ entry, score }) => ({ entry, score }));
}

/**
 * Agent tools, `mcp_find_tools`, and the top `retrieveK` catalog tools for the query, as typed
 * tools. The query is what the session searched for last: a proxy cannot read the prompt, so
 * the model asks `mcp_find_tools`, and each search replaces the retrieved tools.
 */
export function retrieveList(catalog: PreparedCatalog, inputs: ModeReads<'retrieve'>): ModeList {
  const tools: ListedTool[] = [...agentEntries(inputs.agentTools), ...searchEntries(inputs)];
  const leftOut: LeftOutTool[] = [];
  const notes: string[] = [];
  const k = inputs.limits.retrieveK;
  if (inputs.stateless) notes.push('stateless (MCP 2026-07-28): no search is bound to the list; the model calls what it finds through mcp_invoke_tool');
  else if (!hasQuery(inputs.query)) notes.push('no query: give a query text to see what retrieve would bind');
  const found = retrieveTools(catalog, inputs.query, k);
  leftOut.push(...found.leftOut);
  for (const entry of found.entries) tools.push({ name: entry.typedName, canonical: entry.canonical, source: 'typed', body: entry.tool });
  return { mode: 'retrieve', tools, leftOut, instruction: null, notes };
}

/**
 * The best `k` presentable tools for a query, by the BM25 ranking: what retrieve binds and what
 * `mcp_find_tools` finds. Matches that cannot be presented are reported, not counted.
 */
export function retrieveTools(catalog: PreparedCatalog, query: string, k: number): { entries: CatalogEntry[]; leftOut: LeftOutTool[] } {
  // Every client, naming and target of a catalog version asks the same search again: it is kept per catalog, query and k.
  const hit = retrieved.get(catalog)?.get(`${k}\u0000${query}`);
  if (hit) return { entries: [...hit.entries], leftOut: [...hit.leftOut] };
  const found = searchTools(catalog, query, k);
  let byQuery = retrieved.get(catalog);
  if (!byQuery) {
    byQuery = new Map();
    retrieved.set(catalog, byQuery);
  }
  if (byQuery.size >= MAX_QUERIES_PER_CATALOG) byQuery.clear();
  byQuery.set(`${k}\u0000${query}`, found);
  return { entries: [...found.entries], leftOut: [...found.leftOut] };
}

const retrieved = new WeakMap<PreparedCatalog, Map<string, { entries: readonly CatalogEntry[]; leftOut: readonly LeftOutTool[] }>>();
const MAX_QUERIES_PER_CATALOG = 64;

function searchTools(catalog: PreparedCatalog, query: string, k: number): { entries: CatalogEntry[]; leftOut: LeftOutTool[] } {
  const entries: CatalogEntry[] = [];
  const leftOut: LeftOutTool[] = [];
  for (const { entry } of rankTools(catalog, query)) {
    if (entries.length >= k) break;
    if (entry.presentable) entries.push(entry);
    // biome-ignore lint/style/noNonNullAssertion: the catalog lists every entry that is not presentable in leftOutByCanonical.
    else leftOut.push(catalog.leftOutByCanonical.get(entry.canonical)!);
  }
  return { entries, leftOut };
}

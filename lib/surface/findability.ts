import type { FindabilityResponse, FindabilityTool, TestQuery } from '@/lib/contracts/findability';
import { distinctWords, listedSibling, siblingAdvice, testQueryAdvice, unfoundAdvice, wordsShared } from './findability-advice';
import { bm25Ranker, LISTED_SIBLINGS, NEAR_SCORE, regexRanker } from './findability-rank';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import { parameterNames, searchWords, STOP_WORDS } from './retrieve';
import type { ToolSearch, ToolSearchId } from './tool-search';
import { itemAt } from '@/lib/arrays';
import { fieldOf, isRecord } from '@/lib/records';

/** Words of the description's first sentence a description query takes: about what a model types into a search. */
export const DESCRIPTION_QUERY_WORDS = 8;

export interface FindabilityInput {
  catalog: PreparedCatalog;
  /**
   * Canonical names of the tools the client defers, in any order: the search runs over these
   * alone. Taken as given, so per-client visibility rules can decide it.
   */
  deferred: Iterable<string>;
  /** Catalog tools the client keeps loaded: a test query for one needs no search. */
  loaded: Iterable<string>;
  search: ToolSearch;
  testQueries: readonly TestQuery[];
}

export type FindabilityReport = Pick<FindabilityResponse, 'method' | 'summary' | 'tools' | 'testQueries'> & {
  ranking: 'bm25' | 'regex';
  approximation: boolean;
  limit: number;
};

/** Content words, as the preview's search takes them: identifiers split, lower case, stop words dropped. */
export function contentWords(text: string): string[] {
  return searchWords(text).filter((w) => !STOP_WORDS.has(w));
}

/** The description's first sentence (or line), as the one a model reads first. */
function firstSentence(description: string): string {
  return description.split(/(?<=[.!?])\s+|\n/)[0] ?? '';
}

/** Every argument description at every level of an input schema. */
function parameterDescriptions(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (!isRecord(schema) || depth > 6) return out;
  const s = schema;
  if (isRecord(s.properties)) {
    for (const child of Object.values(s.properties)) {
      const d = fieldOf(child, 'description');
      if (typeof d === 'string') out.push(d);
      parameterDescriptions(child, out, depth + 1);
    }
  }
  if (s.items) parameterDescriptions(s.items, out, depth + 1);
  return out;
}

/** What each search reads of a tool (tool-search.ts `reads`), as one text. */
function searchText(id: ToolSearchId, entry: CatalogEntry): string {
  const { tool } = entry;
  const base = [entry.server, tool.name, tool.title ?? '', tool.description ?? ''];
  if (id === 'anthropic-bm25' || id === 'anthropic-regex') {
    base.push(...parameterNames(tool.inputSchema), ...parameterDescriptions(tool.inputSchema));
  }
  return base.join(' ');
}

interface OwnQuery {
  query: string;
  from: 'name' | 'description' | 'test';
  words: string[];
}

/** The queries a tool is searched by: its server and name words, its description's first words, and the user's. */
function ownQueries(entry: CatalogEntry, tests: readonly string[]): OwnQuery[] {
  const out: OwnQuery[] = [];
  const add = (from: OwnQuery['from'], words: string[], query = words.join(' ')) => {
    if (words.length > 0) out.push({ query, from, words });
  };
  add('name', contentWords(`${entry.server} ${entry.tool.name}`));
  // Nobody searches by a single letter (the s of "record's").
  const described = contentWords(firstSentence(entry.tool.description ?? '')).filter((w) => w.length > 1);
  add('description', [...new Set(described)].slice(0, DESCRIPTION_QUERY_WORDS));
  for (const test of tests) add('test', contentWords(test), test);
  return out;
}

/** Python's re.search with (?i), as a model writes one: the words in order, anything between. */
export function regexFor(words: readonly string[]): string {
  return `(?i)${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`;
}

/**
 * For each tool the client defers, whether its search finds it (§surface, findability): the
 * search's ranking over the deferred tools alone, queried with each tool's own words and the
 * user's test queries; a tool is found when it ranks within what one search loads.
 */
export function findability(input: FindabilityInput): FindabilityReport {
  const { catalog, search } = input;
  const deferredSet = new Set(input.deferred);
  const loadedSet = new Set(input.loaded);
  const entries = catalog.entries.filter((e) => deferredSet.has(e.canonical));
  const texts = entries.map((e) => searchText(search.id, e));
  const ranking = search.method === 'regex' ? 'regex' : 'bm25';
  const ranker = ranking === 'regex' ? regexRanker(texts) : bm25Ranker(texts.map(contentWords));
  const limit = search.results.usual;
  const approximation = !search.reproducible;

  const descriptionWords: string[][] = [];
  const wordsOf = (doc: number) => (descriptionWords[doc] ??= distinctWords(itemAt(entries, doc).tool.description ?? ''));
  const wordSets: Set<string>[] = [];
  const wordSetOf = (doc: number) => (wordSets[doc] ??= new Set(wordsOf(doc)));

  const testsByTool = new Map<string, string[]>();
  for (const t of input.testQueries) testsByTool.set(t.tool, [...(testsByTool.get(t.tool) ?? []), t.query]);

  const testResults = new Map<string, { rank: number | null; found: boolean }>();
  const tools: FindabilityTool[] = entries.map((entry, doc) => {
    const queries: FindabilityTool['queries'] = [];
    const siblings = new Map<number, number>();
    const advice: string[] = [];
    for (const q of ownQueries(entry, testsByTool.get(entry.canonical) ?? [])) {
      const r = ranker.rank(doc, q.words);
      const found = r.rank !== null && r.rank <= limit;
      const shown = ranking === 'regex' ? regexFor(q.words) : q.query;
      queries.push({ query: shown, from: q.from, rank: r.rank, found });
      if (q.from === 'test') {
        testResults.set(`${entry.canonical}\u0000${q.query}`, { rank: r.rank, found });
        if (!found)
          advice.push(
            testQueryAdvice(
              q.query,
              q.words,
              itemAt(texts, doc),
              r.rank,
              limit,
              r.above.map((d) => itemAt(entries, d).canonical),
            ),
          );
        continue;
      }
      for (const n of r.near) siblings.set(n.doc, Math.max(siblings.get(n.doc) ?? 0, n.score));
    }
    const ownQueriesFound = queries.filter((q) => q.from !== 'test');
    const found = ownQueriesFound.some((q) => q.found);
    const ranks = queries.map((q) => q.rank).filter((r): r is number => r !== null);
    const siblingWords = [...siblings.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, LISTED_SIBLINGS)
      .map(([d]) => ({ tool: itemAt(entries, d).canonical, ...wordsShared(wordsOf(doc), wordSetOf(d)) }));
    if (siblingWords.length > 0) advice.unshift(siblingAdvice(entry.canonical, siblingWords));
    const losesTo = siblingWords.map(listedSibling);
    if (!found) advice.unshift(unfoundAdvice(ownQueriesFound, limit, search.tool));
    return {
      tool: entry.canonical,
      found,
      bestRank: ranks.length > 0 ? Math.min(...ranks) : null,
      flagged: advice.length > 0,
      queries,
      losesTo,
      advice,
    };
  });

  const testQueries = input.testQueries.map((t) => {
    const result = testResults.get(`${t.tool}\u0000${t.query}`);
    if (result) return { query: t.query, tool: t.tool, status: result.found ? ('found' as const) : ('missed' as const), rank: result.rank };
    const status = loadedSet.has(t.tool) ? ('loaded' as const) : catalog.byCanonical.has(t.tool) ? ('not-listed' as const) : ('not-in-catalog' as const);
    return { query: t.query, tool: t.tool, status, rank: null };
  });
  const countStatus = (s: string) => testQueries.filter((t) => t.status === s).length;
  const ordered = [...tools.filter((t) => t.flagged), ...tools.filter((t) => !t.flagged)];
  return {
    ranking,
    approximation,
    limit,
    method: methodText(ranking, approximation, limit, search),
    summary: {
      deferred: entries.length,
      loaded: loadedSet.size,
      found: tools.filter((t) => t.found).length,
      notFound: tools.filter((t) => !t.found).length,
      losingToSiblings: tools.filter((t) => t.losesTo.length > 0).length,
      flagged: tools.filter((t) => t.flagged).length,
      testQueries: {
        found: countStatus('found'),
        missed: countStatus('missed'),
        loaded: countStatus('loaded'),
        notListed: countStatus('not-listed'),
        notInCatalog: countStatus('not-in-catalog'),
      },
    },
    tools: ordered,
    testQueries,
  };
}

function methodText(ranking: 'bm25' | 'regex', approximation: boolean, limit: number, search: ToolSearch): string {
  const queries =
    `Each deferred tool is searched for by its server and name words, by the first ${DESCRIPTION_QUERY_WORDS} words of its description's first sentence, ` +
    'and by every test query kept for it (words split at case and punctuation, lower case, stop words and, in descriptions, single letters dropped).';
  const rank =
    ranking === 'regex'
      ? ' Each query becomes a case-insensitive regular expression of its words in order with anything between, over what the search reads; matches are taken in catalog order, since Anthropic does not publish theirs.'
      : ` The search's text of each tool is ranked by plain BM25 (k1 1.2, b 0.75) over the deferred tools alone.`;
  const near = ` A tool is found when it ranks within the ${limit} tools one search loads; a sibling that ranks above it or scores within ${Math.round((1 - NEAR_SCORE) * 100)}% of it on its own words is one the search cannot tell apart.`;
  const approx = approximation ? ` ${search.tool} ranks by ${search.method}, which favindex cannot run: BM25 stands in, so this is an approximation.` : '';
  return queries + rank + near + approx;
}

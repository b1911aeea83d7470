import { describe, expect, it } from 'vitest';
import { PLANTED_SERVER, PLANTED_TEST_QUERIES, PLANTED_TOOLS } from '@/test/findability-catalog';
import { findability, type FindabilityInput } from './findability';
import { prepareCatalog } from './prepared-catalog';
import { TOOL_SEARCHES } from './tool-search';

const catalog = prepareCatalog([{ name: PLANTED_SERVER, tools: PLANTED_TOOLS }]);
const all = catalog.entries.map((e) => e.canonical);

function run(overrides: Partial<FindabilityInput> = {}) {
  return findability({ catalog, deferred: all, loaded: [], search: TOOL_SEARCHES.codex, testQueries: PLANTED_TEST_QUERIES, ...overrides });
}

const tool = (report: ReturnType<typeof run>, name: string) => report.tools.find((t) => t.tool === `${PLANTED_SERVER}/${name}`);

describe('findability', () => {
  it('flags the planted near-duplicates as losing to each other, and says which words to change', () => {
    const report = run();
    const update = tool(report, 'update')!;
    const v2 = tool(report, 'update_v2')!;
    expect(update.flagged).toBe(true);
    expect(update.losesTo.map((s) => s.tool)).toEqual(['records/update_v2']);
    expect(v2.losesTo.map((s) => s.tool)).toEqual(['records/update']);
    expect(update.losesTo[0]!.shared).toEqual(expect.arrayContaining(['update', 'record', 'fields', 'records', 'store']));
    expect(update.advice[0]).toContain('cannot tell records/update from records/update_v2');
    expect(update.advice[0]).toContain(
      "shares 'update', 'record', 'fields', 'records', 'store', 'takes', 'id' with records/update_v2's and only 'change' tells it apart",
    );
    expect(update.advice[0]).toContain('Start its description with what sets it apart from records/update_v2');
    // Flagged ones come first.
    expect(
      report.tools
        .slice(0, 2)
        .map((t) => t.tool)
        .sort(),
    ).toEqual(['records/update', 'records/update_v2']);
    expect(report.summary).toMatchObject({ deferred: 6, losingToSiblings: 2 });
  });

  it('finds a tool described in words of its own, first, with nothing to change', () => {
    const send = tool(run({ testQueries: [] }), 'send_email')!;
    expect(send).toMatchObject({ found: true, bestRank: 1, flagged: false, losesTo: [], advice: [] });
    expect(send.queries.map((q) => [q.from, q.query, q.rank])).toEqual([
      ['name', 'records send email', 1],
      ['description', 'send email message recipient subject body', 1],
    ]);
  });

  it('reports a test query that misses its tool as missed, with the words the tool lacks', () => {
    const report = run();
    expect(report.testQueries).toEqual([
      { query: 'send a message to a customer', tool: 'records/send_email', status: 'found', rank: 1 },
      { query: 'archive old entries', tool: 'records/delete_record', status: 'missed', rank: null },
    ]);
    const del = tool(report, 'delete_record')!;
    expect(del.flagged).toBe(true);
    expect(del.queries.at(-1)).toEqual({ query: 'archive old entries', from: 'test', rank: null, found: false });
    expect(del.advice).toEqual([
      expect.stringContaining("The test query 'archive old entries' does not match it. Its name and description lack 'archive', 'old'"),
    ]);
    expect(report.summary.testQueries).toEqual({ found: 1, missed: 1, loaded: 0, notListed: 0, notInCatalog: 0 });
  });

  it('searches only the deferred tools: a sibling kept loaded is no rival, and its test query needs no search', () => {
    const loaded = ['records/update_v2'];
    const report = run({
      deferred: all.filter((t) => !loaded.includes(t)),
      loaded,
      testQueries: [
        { query: 'update', tool: 'records/update_v2' },
        { query: 'x', tool: 'ghost/tool' },
      ],
    });
    expect(tool(report, 'update_v2')).toBeUndefined();
    expect(tool(report, 'update')).toMatchObject({ flagged: false, losesTo: [] });
    expect(report.testQueries.map((t) => t.status)).toEqual(['loaded', 'not-in-catalog']);
    // A catalog tool the mode does not list (lazy, before activation) is neither found nor kept loaded.
    const unlisted = run({ deferred: [], testQueries: [{ query: 'update', tool: 'records/update' }] });
    expect(unlisted.testQueries).toEqual([{ query: 'update', tool: 'records/update', status: 'not-listed', rank: null }]);
    expect(report.summary).toMatchObject({ deferred: 5, loaded: 1 });
  });

  it('a tool ranked past what one search loads is not found, and the advice names its ranks', () => {
    // Claude Code loads 3: four terse tools in its words rank ahead of a long-winded fifth.
    const crowd = ['alpha', 'beta', 'gamma', 'delta'].map((s) => ({
      name: `get_${s}`,
      description: 'Get entries matching a text, get entries.',
      inputSchema: { type: 'object' },
    }));
    const rambling = 'It was written long ago for the old reporting pipeline and still serves the nightly batch jobs that rebuild caches.';
    const last = { name: 'get', description: `Get entries matching a text. ${rambling}`, inputSchema: { type: 'object' } };
    const crowded = prepareCatalog([{ name: 'x', tools: [...crowd, last] }]);
    const report = findability({
      catalog: crowded,
      deferred: crowded.entries.map((e) => e.canonical),
      loaded: [],
      search: TOOL_SEARCHES['claude-code'],
      testQueries: [],
    });
    expect(report).toMatchObject({ approximation: true, limit: 3, ranking: 'bm25' });
    expect(report.method).toContain('approximation');
    const find = report.tools.find((t) => t.tool === 'x/get')!;
    expect(find.queries.map((q) => [q.from, q.rank, q.found])).toEqual([
      ['name', 5, false],
      ['description', 5, false],
    ]);
    expect(find).toMatchObject({ found: false, bestRank: 5, flagged: true });
    expect(find.advice[0]).toBe(
      "Neither its name nor its description brings it into the 3 tools one ToolSearch search loads (name 'x get' ranks it 5; description 'get entries matching text' ranks it 5). " +
        'Start its description with the words a model would search by for this task, and with those that set it apart from the tools ranked above it.',
    );
  });

  it('runs Anthropic regex queries as the words in order, case-insensitive, and catalog order breaks ties', () => {
    const report = run({ search: TOOL_SEARCHES['anthropic-regex'] });
    expect(report).toMatchObject({ ranking: 'regex', approximation: false, limit: 3 });
    const send = tool(report, 'send_email')!;
    expect(send.queries[0]).toEqual({ query: '(?i)records.*send.*email', from: 'name', rank: 1, found: true });
    const v2 = tool(report, 'update_v2')!;
    // "records.*update" also matches update, earlier in the catalog.
    expect(v2.queries[0]).toMatchObject({ query: '(?i)records.*update.*v2', rank: 1 });
    expect(tool(report, 'update')!.queries[0]).toMatchObject({ query: '(?i)records.*update', rank: 1 });
    expect(v2.queries[1]).toMatchObject({ from: 'description', rank: 2 });
    expect(v2.losesTo.map((s) => s.tool)).toContain('records/update');
  });
});

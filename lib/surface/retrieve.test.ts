import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs, tool } from '@/test/surface-catalogs';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';
import { parameterNames, rankTools, searchWords } from './retrieve';

const demo = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));

describe('retrieve', () => {
  it('splits identifiers into words', () => {
    expect(searchWords('createPullRequest get_file-contents HTTPServer')).toEqual(['create', 'pull', 'request', 'get', 'file', 'contents', 'http', 'server']);
  });

  it('binds the agent tools and the top retrieveK tools for the query, by BM25', () => {
    const inputs = modeInputs({ agentTools: ['edit'], query: 'create an issue', limits: { ...modeInputs().limits, retrieveK: 3 } });
    const list = buildModeList('retrieve', demo, inputs);
    expect(list.tools).toHaveLength(5);
    expect(list.tools.slice(0, 2).map((t) => t.name)).toEqual(['edit', 'mcp_find_tools']);
    expect(
      list.tools
        .slice(2, 4)
        .map((t) => t.canonical)
        .sort(),
    ).toEqual(['github/create_issue', 'gitlab/create_issue']);
    expect(list.tools[2]!.name).toMatch(/^git(hub|lab)__create_issue$/);
  });

  it('ranks by parameter names too', () => {
    const catalog = prepareCatalog([
      {
        name: 'a',
        tools: [tool('first', 'Does one thing', { id: { type: 'string' } }), tool('second', 'Does another thing', { branch_name: { type: 'string' } })],
      },
    ]);
    expect(parameterNames(catalog.entries[1]!.tool.inputSchema)).toEqual(['branch_name']);
    expect(rankTools(catalog, 'branch')[0]!.entry.canonical).toBe('a/second');
  });

  it('binds nothing from the catalog without a query, and says so', () => {
    const list = buildModeList('retrieve', demo, modeInputs({ agentTools: 2 }));
    expect(list.tools.map((t) => t.source)).toEqual(['agent', 'agent', 'meta']);
    expect(list.notes.join()).toContain('no query');
  });

  it('ranks the same way every time: ties in catalog order', () => {
    const catalog = prepareCatalog([{ name: 's', tools: [tool('alpha', 'same words'), tool('beta', 'same words')] }]);
    expect(rankTools(catalog, 'same').map((r) => r.entry.tool.name)).toEqual(['alpha', 'beta']);
  });
});

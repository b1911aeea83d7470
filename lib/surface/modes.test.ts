import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modeInputs, syntheticCatalog, tool } from '@/test/surface-catalogs';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';
import { explicitSession, replaySession } from './session';
import { checkAgainstTarget, resolveTarget } from './targets';

const names = (mode: Parameters<typeof buildModeList>[0], catalog: ReturnType<typeof prepareCatalog>, inputs = modeInputs()) =>
  buildModeList(mode, catalog, inputs).tools.map((t) => t.name);

describe('the worked example: agent 56 tools, 8 servers with 92 tools', () => {
  const catalog = prepareCatalog(syntheticCatalog(8, 92));
  const inputs = (session = explicitSession([])) => modeInputs({ agentTools: 56, session });

  it('eager lists 148 tools, over the 128 OpenAI cap by 20', () => {
    const list = buildModeList('eager', catalog, inputs());
    expect(list.tools).toHaveLength(148);
    const fit = checkAgainstTarget(list.tools, resolveTarget('openai'));
    expect(fit).toMatchObject({ count: 148, cap: 128, fits: false, overBy: 20 });
  });

  it('pinned tops out at 56 + 1 + 40 = 97, whether the budget goes to activations or to pinned servers', () => {
    const allTools = catalog.entries.map((e) => e.canonical);
    const activatedFull = buildModeList('pinned', catalog, inputs(explicitSession(allTools.slice(0, 60))));
    expect(activatedFull.tools).toHaveLength(97);
    // Three servers of 12 tools hold 36: 56 + 1 + 36.
    const serversOnly = buildModeList('pinned', catalog, inputs(explicitSession([], ['server1', 'server2', 'server3', 'server4'])));
    expect(serversOnly.tools).toHaveLength(93);
    const activatedElsewhere = allTools.filter((t) => t.startsWith('server8/')).slice(0, 10);
    const mixed = buildModeList('pinned', catalog, inputs(explicitSession(activatedElsewhere, ['server1', 'server2', 'server3'])));
    expect(mixed.tools).toHaveLength(97);
    expect(checkAgainstTarget(mixed.tools, resolveTarget('openai')).fits).toBe(true);
  });

  it('pinned never exceeds 97 for any sequence of calls', () => {
    const canonicals = catalog.entries.map((e) => e.canonical);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...canonicals), { maxLength: 200 }), (calls) => {
        const session = replaySession(calls.map((c) => ({ canonical: c })));
        const list = buildModeList('pinned', catalog, inputs(session));
        expect(list.tools.length).toBeLessThanOrEqual(97);
        expect(new Set(list.tools.map((t) => t.name)).size).toBe(list.tools.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('off, eager, lazy', () => {
  const catalog = prepareCatalog([
    { name: 'github', tools: [tool('create_issue'), tool('list_issues')] },
    { name: 'fs', tools: [tool('read_file')] },
  ]);

  it('off is the agent tools and mcp_invoke_tool', () => {
    expect(names('off', catalog, modeInputs({ agentTools: ['search', 'edit'] }))).toEqual(['search', 'edit', 'mcp_invoke_tool']);
  });

  it('eager is the agent tools then every typed tool in catalog order', () => {
    expect(names('eager', catalog, modeInputs({ agentTools: ['search'] }))).toEqual(['search', 'github__create_issue', 'github__list_issues', 'fs__read_file']);
  });

  it('lazy is agent tools, mcp_find_tools, and the activated tools oldest first, the oldest dropped past the budget', () => {
    const session = explicitSession(['fs/read_file', 'github/list_issues', 'github/create_issue']);
    const inputs = modeInputs({ session, limits: { ...modeInputs().limits, maxActivatedToolsPerSession: 2 } });
    const list = buildModeList('lazy', catalog, inputs);
    expect(list.tools.map((t) => t.name)).toEqual(['mcp_find_tools', 'github__list_issues', 'github__create_issue']);
    expect(list.notes.join()).toContain('1 older activation(s) dropped');
  });

  it('lazy reports an activated tool that is not in the catalog instead of listing it', () => {
    const list = buildModeList('lazy', catalog, modeInputs({ session: explicitSession(['jira/create_ticket']) }));
    expect(list.tools.map((t) => t.name)).toEqual(['mcp_find_tools']);
    expect(list.leftOut).toEqual([expect.objectContaining({ canonical: 'jira/create_ticket', reason: 'not-in-catalog' })]);
  });
});

describe('pinned', () => {
  const catalog = prepareCatalog([
    { name: 'a', tools: [tool('a1'), tool('a2'), tool('a3')] },
    { name: 'b', tools: [tool('b1'), tool('b2')] },
    { name: 'c', tools: [tool('c1')] },
    { name: 'd', tools: [tool('d1')] },
  ]);

  it('adds the tools of the 3 most recently called servers, most recent first, after the activations', () => {
    const session = replaySession(['d/d1', 'a/a2', 'c/c1', 'b/b1'].map((canonical) => ({ canonical })));
    expect(session.calledServers).toEqual(['b', 'c', 'a', 'd']);
    expect(names('pinned', catalog, modeInputs({ session }))).toEqual(['mcp_find_tools', 'd__d1', 'a__a2', 'c__c1', 'b__b1', 'b__b2', 'a__a1', 'a__a3']);
  });

  it('shares the activation budget: pinned tools fill only what activations left', () => {
    const session = explicitSession(['a/a1', 'b/b1'], ['a', 'b']);
    const inputs = modeInputs({ session, limits: { ...modeInputs().limits, maxActivatedToolsPerSession: 3 } });
    const list = buildModeList('pinned', catalog, inputs);
    expect(list.tools.map((t) => t.name)).toEqual(['mcp_find_tools', 'a__a1', 'b__b1', 'a__a2']);
    expect(list.notes.join()).toContain('session budget');
  });

  it('adds pinned tools only while the list holds at most maxToolsPerRequest', () => {
    const session = explicitSession(['a/a1'], ['a', 'b']);
    const inputs = modeInputs({ agentTools: 116, session, limits: { ...modeInputs().limits, maxToolsPerRequest: 120 } });
    const list = buildModeList('pinned', catalog, inputs);
    // 116 agent + mcp_find_tools + a1 (activated) = 118: two pinned tools fit, then the rule stops them.
    expect(list.tools).toHaveLength(120);
    expect(list.tools.slice(118).map((t) => t.name)).toEqual(['a__a2', 'a__a3']);
    expect(list.notes.join()).toContain('maxToolsPerRequest 120');
    // Lazy is not bound by the rule: it keeps every activation within its budget.
    expect(buildModeList('lazy', catalog, inputs).tools).toHaveLength(118);
  });
});

describe('typed names', () => {
  it('keeps tools of two servers with the same tool names apart', () => {
    const catalog = prepareCatalog([
      { name: 'github', tools: [tool('create_issue'), tool('search')] },
      { name: 'gitlab', tools: [tool('create_issue'), tool('search')] },
    ]);
    const list = buildModeList('eager', catalog, modeInputs());
    expect(list.tools.map((t) => [t.name, t.canonical])).toEqual([
      ['github__create_issue', 'github/create_issue'],
      ['github__search', 'github/search'],
      ['gitlab__create_issue', 'gitlab/create_issue'],
      ['gitlab__search', 'gitlab/search'],
    ]);
    expect(list.leftOut).toEqual([]);
  });

  it('leaves out a tool whose name sanitises into another, and reports it', () => {
    for (const order of [
      ['read.file', 'read-file'],
      ['read-file', 'read.file'],
    ]) {
      const catalog = prepareCatalog([{ name: 'fs', tools: order.map((n) => tool(n)) }]);
      const list = buildModeList('eager', catalog, modeInputs());
      expect(list.tools.map((t) => [t.name, t.canonical])).toEqual([['fs__read-file', 'fs/read-file']]);
      expect(list.leftOut).toEqual([
        expect.objectContaining({ canonical: 'fs/read.file', name: 'fs__read-file', reason: 'duplicate-after-sanitising', duplicateOf: 'fs/read-file' }),
      ]);
    }
  });

  it('of two tools that both change when sanitised, the first in catalog order keeps the name', () => {
    const catalog = prepareCatalog([
      { name: 'my.srv', tools: [tool('get')] },
      { name: 'my:srv', tools: [tool('get')] },
    ]);
    expect(names('eager', catalog)).toEqual(['my-srv__get']);
    expect(catalog.typedLeftOut.map((l) => [l.canonical, l.duplicateOf])).toEqual([['my:srv/get', 'my.srv/get']]);
  });

  it('leaves out a name over 64 characters, never truncating it', () => {
    const long = `x${'y'.repeat(60)}`; // server__ + 61 = 69 characters
    const catalog = prepareCatalog([{ name: 'server', tools: [tool('ok'), tool(long)] }]);
    for (const mode of ['eager', 'pinned'] as const) {
      const session = explicitSession([`server/${long}`, 'server/ok']);
      const list = buildModeList(mode, catalog, modeInputs({ session }));
      expect(list.tools.map((t) => t.name)).not.toContainEqual(expect.stringContaining('xyyy'));
      expect(list.tools.every((t) => t.name.length <= 64)).toBe(true);
      expect(list.leftOut).toEqual([expect.objectContaining({ canonical: `server/${long}`, name: `server__${long}`, reason: 'name-too-long' })]);
      expect(list.leftOut[0]!.message).toContain('69 characters');
    }
  });
});

describe('favindex', () => {
  const catalog = prepareCatalog([
    { name: 'github', tools: [tool('create_issue'), tool('list_issues')] },
    { name: 'gitlab', tools: [tool('create_issue')] },
    { name: 'fs', tools: [tool('read_file')] },
  ]);
  const favourites = { enabled: true, maxFavourites: 3, tools: ['fs/read_file', 'gitlab/create_issue', 'github/create_issue', 'github/list_issues'] };
  const slash = { naming: 'slash' as const };

  it('lists the favourites in pinned order up to maxFavourites, then all/ for the whole catalog, with the instruction', () => {
    const list = buildModeList('favindex', catalog, modeInputs({ ...slash, agentTools: ['edit'], favourites, instruction: 'Prefer favourites.' }));
    expect(list.tools.map((t) => [t.name, t.canonical])).toEqual([
      ['edit', null],
      ['favourite/read_file', 'fs/read_file'],
      ['favourite/gitlab/create_issue', 'gitlab/create_issue'],
      ['favourite/github/create_issue', 'github/create_issue'],
      ['all/github/create_issue', 'github/create_issue'],
      ['all/github/list_issues', 'github/list_issues'],
      ['all/gitlab/create_issue', 'gitlab/create_issue'],
      ['all/fs/read_file', 'fs/read_file'],
    ]);
    expect(list.instruction).toBe('Prefer favourites.');
    expect(list.notes.join()).toContain('1 favourite(s) beyond maxFavourites 3');
  });

  it('names the same list fav_… and all_<server>_<tool> under safe naming, which every OpenAI-style target accepts', () => {
    const list = buildModeList('favindex', catalog, modeInputs({ agentTools: ['edit'], favourites }));
    expect(list.tools.map((t) => [t.name, t.canonical])).toEqual([
      ['edit', null],
      ['fav_read_file', 'fs/read_file'],
      ['fav_gitlab_create_issue', 'gitlab/create_issue'],
      ['fav_github_create_issue', 'github/create_issue'],
      ['all_github_create_issue', 'github/create_issue'],
      ['all_github_list_issues', 'github/list_issues'],
      ['all_gitlab_create_issue', 'gitlab/create_issue'],
      ['all_fs_read_file', 'fs/read_file'],
    ]);
    for (const id of ['openai', 'azure-openai', 'groq', 'github-copilot', 'anthropic', 'gemini'] as const) {
      expect(checkAgainstTarget(list.tools, resolveTarget(id)).problems).toEqual([]);
    }
  });

  it('flags every favourite/ and all/ name as invalid for the OpenAI-style targets, not for custom', () => {
    const list = buildModeList('favindex', catalog, modeInputs({ ...slash, favourites }));
    for (const id of ['openai', 'azure-openai', 'groq', 'github-copilot'] as const) {
      const fit = checkAgainstTarget(list.tools, resolveTarget(id));
      const flagged = fit.problems.filter((p) => p.field === 'name').map((p) => p.name);
      expect(flagged).toEqual(list.tools.map((t) => t.name));
      expect(fit.problems[0]!.message).toContain('^[a-zA-Z0-9_-]{1,64}$');
    }
    expect(checkAgainstTarget(list.tools, resolveTarget('custom', 500)).problems).toEqual([]);
  });

  it('reports a pinned tool missing from the catalog and leaves the rest as they are', () => {
    const pinned = { enabled: true, maxFavourites: 5, tools: ['jira/create', 'fs/read_file'] };
    const list = buildModeList('favindex', catalog, modeInputs({ ...slash, favourites: pinned }));
    expect(list.tools.filter((t) => t.source === 'favourite').map((t) => t.name)).toEqual(['favourite/read_file']);
    expect(list.leftOut).toEqual([expect.objectContaining({ canonical: 'jira/create', name: 'favourite/create', reason: 'not-in-catalog' })]);
    const safe = buildModeList('favindex', catalog, modeInputs({ favourites: pinned }));
    expect(safe.leftOut).toEqual([expect.objectContaining({ canonical: 'jira/create', name: 'fav_create', reason: 'not-in-catalog' })]);
  });

  it('marks each favourite to stay loaded, and no other tool, unless the project turns it off', () => {
    const loaded = (on: boolean) =>
      buildModeList('favindex', catalog, modeInputs({ favourites, alwaysLoadFavourites: on }))
        .tools.filter((t) => t.alwaysLoad)
        .map((t) => t.name);
    expect(loaded(true)).toEqual(['fav_read_file', 'fav_gitlab_create_issue', 'fav_github_create_issue']);
    expect(loaded(false)).toEqual([]);
  });

  it('has no favourite/ tools when the index is disabled', () => {
    const list = buildModeList('favindex', catalog, modeInputs({ favourites: { ...favourites, enabled: false } }));
    expect(list.tools.every((t) => t.source === 'all')).toBe(true);
    expect(list.tools).toHaveLength(4);
  });
});

describe('targets', () => {
  const catalog = prepareCatalog(syntheticCatalog(2, 45));

  it('cursor caps at 40, windsurf at 50, anthropic warns above 30 without a cap', () => {
    const list = buildModeList('eager', catalog, modeInputs()).tools;
    expect(checkAgainstTarget(list, resolveTarget('cursor'))).toMatchObject({ count: 45, cap: 40, fits: false, overBy: 5 });
    expect(checkAgainstTarget(list, resolveTarget('windsurf'))).toMatchObject({ fits: true, overBy: 0 });
    expect(checkAgainstTarget(list, resolveTarget('anthropic'))).toMatchObject({ cap: null, fits: true, warn: true });
    expect(checkAgainstTarget(list, resolveTarget('custom', 44))).toMatchObject({ cap: 44, overBy: 1 });
  });

  it('flags descriptions over 1024 characters for OpenAI and names listed twice for everyone', () => {
    const long = prepareCatalog([{ name: 's', tools: [tool('t', 'd'.repeat(1025))] }]);
    const list = buildModeList('eager', long, modeInputs({ agentTools: ['s__t'] })).tools;
    const openai = checkAgainstTarget(list, resolveTarget('openai')).problems;
    expect(openai.map((p) => p.field).sort()).toEqual(['description', 'name']);
    expect(openai.find((p) => p.field === 'description')!.message).toContain('1025 characters');
    expect(checkAgainstTarget(list, resolveTarget('gemini')).problems.map((p) => p.message)).toEqual(["'s__t' is listed twice; tool names must be unique"]);
  });

  it('gemini accepts dots in names but not a leading digit', () => {
    const pattern = resolveTarget('gemini').namePattern!;
    expect(pattern.test('fs.read_file')).toBe(true);
    expect(pattern.test('1password__get')).toBe(false);
  });
});

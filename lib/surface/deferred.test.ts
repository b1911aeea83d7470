import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTRUCTIONS, DEFERRED_INSTRUCTION } from '@/lib/schemas/surface-config';
import { modeInputs, tool } from '@/test/surface-catalogs';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';

describe('deferred', () => {
  const catalog = prepareCatalog([
    { name: 'github', tools: [tool('create_issue'), tool('list_issues')] },
    { name: 'gitlab', tools: [tool('create_issue'), tool('x'.repeat(60))] },
    { name: 'fs', tools: [tool('read_file')] },
  ]);
  const favourites = { enabled: true, maxFavourites: 2, tools: ['fs/read_file', 'jira/create', 'gitlab/create_issue', 'github/list_issues'] };
  const list = (overrides: Parameters<typeof modeInputs>[0] = {}) => buildModeList('deferred', catalog, modeInputs({ favourites, ...overrides }));

  it('lists the agent tools, the favourites in pinned order, then the rest in catalog order, each once under its typed name, with no meta-tool', () => {
    const deferred = list({ agentTools: ['edit'] });
    expect(deferred.tools.map((t) => [t.name, t.canonical, t.alwaysLoad ?? false])).toEqual([
      ['edit', null, false],
      ['fs__read_file', 'fs/read_file', true],
      ['github__create_issue', 'github/create_issue', false],
      ['github__list_issues', 'github/list_issues', false],
      ['gitlab__create_issue', 'gitlab/create_issue', false],
    ]);
    // maxFavourites 2 counts the pinned tool the catalog lacks: it is reported, not replaced by the next one.
    expect(deferred.leftOut.map((l) => [l.canonical, l.reason])).toEqual([
      ['jira/create', 'not-in-catalog'],
      [`gitlab/${'x'.repeat(60)}`, 'name-too-long'],
    ]);
    expect(deferred.notes.join()).toContain('2 favourite(s) beyond maxFavourites 2');
  });

  it('names exactly the tools eager names, so pinning, unpinning or turning favourites off renames nothing', () => {
    const eager = buildModeList('eager', catalog, modeInputs())
      .tools.map((t) => t.name)
      .sort();
    for (const inputs of [{}, { favourites: { ...favourites, enabled: false } }, { favourites: { ...favourites, tools: ['github/create_issue'] } }]) {
      expect(
        list(inputs)
          .tools.map((t) => t.name)
          .sort(),
      ).toEqual(eager);
    }
  });

  it('marks no tool to stay loaded when the project turns it off or the index is disabled', () => {
    expect(list({ alwaysLoadFavourites: false }).tools.filter((t) => t.alwaysLoad)).toEqual([]);
    expect(list({ alwaysLoadFavourites: false }).tools[0]!.name).toBe('fs__read_file');
    const disabled = list({ favourites: { ...favourites, enabled: false } });
    expect(disabled.tools.filter((t) => t.alwaysLoad)).toEqual([]);
    expect(disabled.tools[0]!.name).toBe('github__create_issue');
  });

  it("sends its own built-in instruction in place of favindex's, and the project's own words as written", () => {
    for (const builtIn of [DEFAULT_INSTRUCTIONS.safe, DEFAULT_INSTRUCTIONS.slash, DEFERRED_INSTRUCTION]) {
      expect(list({ instruction: builtIn }).instruction).toBe(DEFERRED_INSTRUCTION);
    }
    expect(DEFERRED_INSTRUCTION).toContain('tool search');
    expect(DEFERRED_INSTRUCTION).not.toMatch(/fav_|favourite\//);
    expect(list({ instruction: 'Search before you give up.' }).instruction).toBe('Search before you give up.');
  });
});

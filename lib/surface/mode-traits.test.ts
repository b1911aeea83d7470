import { describe, expect, it } from 'vitest';
import { FIND_TOOLS } from '@/lib/names/meta';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { modeInputs, tool } from '@/test/surface-catalogs';
import { hasSearchTool, MODE_TRAITS, modeName, modeNameOf, modePlain, modeTitle, revisionPlain } from './mode-traits';
import { buildModeList } from './modes';
import { modePill } from './plain-words';
import { prepareCatalog } from './prepared-catalog';
import { explicitSession } from './session';

const catalog = prepareCatalog([
  { name: 'github', tools: [tool('create_issue', 'Create an issue'), tool('list_issues', 'List the issues')] },
  { name: 'fs', tools: [tool('read_file', 'Read a file')] },
]);
const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] };
/** A session that called tools and searched: what a list that follows a session would grow with. */
const busy = modeInputs({ favourites, session: explicitSession(['fs/read_file'], ['fs']), query: 'issue' });
const fresh = modeInputs({ favourites });
const names = (list: ReturnType<typeof buildModeList>) => list.tools.map((t) => t.name);

describe('one table of mode traits', () => {
  it('gives each mode one name of its own, and none goes by the product’s name', () => {
    const all = SURFACE_MODES.map(modeName);
    expect(new Set(all).size).toBe(SURFACE_MODES.length);
    expect(all).not.toContain('favindex');
    expect(modeName('favindex')).toBe('favourites first');
    expect(modeTitle('favindex')).toBe('Favourites first');
    expect(modeTitle('lazy')).toBe('Lazy');
  });

  it('is what every wording says: the header pill, its sentence, the revision line and a recorded mode', () => {
    for (const mode of SURFACE_MODES) {
      expect(modePill(mode)).toBe(`Mode: ${modeName(mode)}`);
      expect(modePlain(mode)).toBe(`${modeTitle(mode)}: clients get ${MODE_TRAITS[mode].gives}.`);
      expect(modeNameOf(mode)).toBe(modeName(mode));
    }
    expect(revisionPlain('lazy')).toBe('On 2026-07-28 its list will not grow: the model calls what a search finds through mcp_invoke_tool.');
    expect(revisionPlain('eager')).toBe('The same on both revisions: this list never depended on a session.');
    // An event from a proxy that knows a mode this favindex does not: said as sent.
    expect(modeNameOf('sideways')).toBe('sideways');
  });

  it('says which modes list a search tool, and what a search does, as the lists themselves have it', () => {
    for (const mode of SURFACE_MODES) {
      expect(names(buildModeList(mode, catalog, fresh)).includes(FIND_TOOLS), mode).toBe(hasSearchTool(mode));
    }
    expect(SURFACE_MODES.filter((m) => MODE_TRAITS[m].search === 'retrieves')).toEqual(['retrieve']);
  });

  it('says which lists follow a session, and so change on 2026-07-28, as the lists themselves do', () => {
    for (const mode of SURFACE_MODES) {
      const follows = names(buildModeList(mode, catalog, busy)).join() !== names(buildModeList(mode, catalog, fresh)).join();
      expect(MODE_TRAITS[mode].onStateless !== null, mode).toBe(follows);
    }
  });

  it('says which lists carry the instruction, and which name their tools by the project’s scheme', () => {
    for (const mode of SURFACE_MODES) {
      expect(buildModeList(mode, catalog, fresh).instruction !== null, mode).toBe(MODE_TRAITS[mode].instruction);
      const safe = names(buildModeList(mode, catalog, modeInputs({ favourites, naming: 'safe' })));
      const slash = names(buildModeList(mode, catalog, modeInputs({ favourites, naming: 'slash' })));
      expect(safe.join() !== slash.join(), mode).toBe(MODE_TRAITS[mode].namedByScheme);
    }
  });
});

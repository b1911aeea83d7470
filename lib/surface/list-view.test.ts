import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs } from '@/test/surface-catalogs';
import { CLIENTS } from './clients';
import { prepareCatalog } from './prepared-catalog';
import { previewMode, type ListView } from './preview';
import { resolveTarget } from './targets';

const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const inputs = modeInputs({ agentTools: 3, naming: 'slash', favourites: { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] } });
const openai = resolveTarget('openai');
const page = (view: Partial<ListView>) => ({ limit: 10, offset: 0, filter: '', sort: 'position.asc', ...view });
const whole = previewMode('favindex', catalog, inputs, openai, 'full');
const named = whole.tools.filter((t) => !t.placeholder);

describe('a page of a mode list', () => {
  it('is the whole list’s tools from offset, agent tools given as a count counted but not listed, each at its place', () => {
    const second = previewMode('favindex', catalog, inputs, openai, 'full', undefined, page({ offset: 10 }));
    expect(second.page).toEqual({ offset: 10, limit: 10, sort: 'position.asc', filter: '', matching: named.length });
    expect(second.tools.map((t) => t.name)).toEqual(named.slice(10, 20).map((t) => t.name));
    // Three agent tools come first in the whole list: the 11th named tool is the 14th the model receives.
    expect(second.tools[0]).toEqual({ position: 14, ...named[10] });
    expect(second.tokens.placeholdersExcluded).toBe(3);
  });

  it('keeps the summary of the whole list: counts, tokens, lost tools and the fix', () => {
    const summary = previewMode('favindex', catalog, inputs, openai, 'names', undefined, page({ limit: 0 }));
    expect(summary.tools).toEqual([]);
    const { tools: _t, problems: _p, page: _page, ...rest } = whole;
    expect(summary).toMatchObject(rest);
    expect(summary.problems).toEqual([]);
    expect(summary.longDescriptions).toBe(whole.problems.filter((p) => p.field === 'description').length);
  });

  it('gives the problems of its own tools alone', () => {
    const first = previewMode('favindex', catalog, inputs, openai, 'names', undefined, page({ limit: 5 }));
    // Slash names break OpenAI's rule: each of the five is refused, and only they.
    expect(first.problems.map((p) => p.name)).toEqual(first.tools.map((t) => t.name));
    expect(whole.problems.length).toBeGreaterThan(5);
  });

  it('finds tools by name, presented name, canonical name or description, in any case, over the whole list', () => {
    const codex = { profile: CLIENTS.codex, serverKey: 'favindex' };
    const found = previewMode('eager', catalog, inputs, openai, 'names', codex, page({ filter: 'FILESYSTEM/READ_FILE' }));
    expect(found.tools.map((t) => t.canonical)).toEqual(['filesystem/read_file']);
    expect(found.page.matching).toBe(1);
    const byWords = previewMode('eager', catalog, inputs, openai, 'full', undefined, page({ filter: 'contents of a file', limit: 500 }));
    expect(byWords.tools.length).toBeGreaterThan(0);
    expect(byWords.tools.every((t) => t.description?.toLowerCase().includes('contents of a file'))).toBe(true);
    const none = previewMode('eager', catalog, inputs, openai, 'names', undefined, page({ filter: 'no such tool anywhere' }));
    expect(none).toMatchObject({ tools: [], page: { matching: 0 } });
  });

  it('orders the whole list by a column before paging, descending flips it, ties stay in list order', () => {
    const all = (sort: string) =>
      previewMode('eager', catalog, inputs, openai, 'names', undefined, page({ sort, limit: 500 })).tools.map((t) => t.position ?? 0);
    const byName = previewMode('eager', catalog, inputs, openai, 'names', undefined, page({ sort: 'name.asc', limit: 500 })).tools.map((t) => t.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const nameAsc = all('name.asc');
    expect(all('name.desc')).toEqual([...nameAsc].reverse());
    expect(all('position.desc')).toEqual([...all('position.asc')].reverse());
    // Pages continue one another in that order.
    const pages = [0, 10, 20].flatMap((offset) =>
      previewMode('eager', catalog, inputs, openai, 'names', undefined, page({ sort: 'name.desc', offset })).tools.map((t) => t.position),
    );
    expect(pages).toEqual(all('name.desc').slice(0, 30));
  });

  it('orders by what the model sees, loaded first, each level in list order either way', () => {
    const claude = { profile: CLIENTS['claude-code'], serverKey: 'favindex' };
    const deferred = (sort: string) => previewMode('deferred', catalog, inputs, resolveTarget('anthropic'), 'names', claude, page({ sort, limit: 500 })).tools;
    const asc = deferred('visibility.asc');
    expect(asc[0]).toMatchObject({ canonical: 'github/create_issue', visibility: 'full' });
    expect(asc.slice(1).every((t) => t.visibility === 'name')).toBe(true);
    const desc = deferred('visibility.desc');
    expect(desc.at(-1)).toMatchObject({ canonical: 'github/create_issue' });
    expect(desc.slice(0, -1).map((t) => t.position)).toEqual(asc.slice(1).map((t) => t.position));
  });
});

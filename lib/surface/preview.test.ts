import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs } from '@/test/surface-catalogs';
import { CLIENTS } from './clients';
import { prepareCatalog } from './prepared-catalog';
import { previewMode } from './preview';
import { resolveTarget } from './targets';

const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'] };
const claudeCode = { profile: CLIENTS['claude-code'], serverKey: 'favindex' };

describe('preview through a client', () => {
  it('slash names through Claude Code: every name refused by OpenAI, the request as a whole, and safe names as the fix', () => {
    const preview = previewMode('favindex', catalog, modeInputs({ favourites, naming: 'slash', agentTools: 2 }), resolveTarget('openai'), 'names', claudeCode);
    expect(preview.count).toBe(2 + 74);
    expect(preview.refused).toEqual({ client: 0, provider: 74 });
    expect(preview.unknown).toBe(74);
    expect(preview.requestRefused).toEqual({
      by: 'provider',
      message:
        "OpenAI would refuse this request as a whole: 74 tool name(s) break its rule ^[a-zA-Z0-9_-]{1,64}$, e.g. 'mcp__favindex__favourite/github/create_issue'.",
    });
    expect(preview.fix).toEqual({ naming: 'safe', message: expect.stringContaining('every name then passes Claude Code and OpenAI') });
    const tool = preview.tools[2]!;
    expect(tool).toMatchObject({
      name: 'mcp__favindex__favourite/github/create_issue',
      presented: 'favourite/github/create_issue',
      canonical: 'github/create_issue',
    });
    expect(tool.marks!.map((m) => m.kind)).toEqual(['unknown', 'refused-by-provider']);
    // Agent tools are the client's own: never renamed.
    expect(preview.tools[0]).toMatchObject({ name: 'agent tool 1', canonical: null, source: 'agent', placeholder: true, visibility: 'full' });
    expect(preview.tools[0]).not.toHaveProperty('presented');
  });

  it('safe names pass: no refusal, no fix, tokens counted on the final names', () => {
    const safe = previewMode('favindex', catalog, modeInputs({ favourites }), resolveTarget('anthropic'), 'names', claudeCode);
    expect(safe).toMatchObject({ refused: { client: 0, provider: 0 }, requestRefused: null, fix: null, tooLong: 0, collisions: 0 });
    const raw = previewMode('favindex', catalog, modeInputs({ favourites }), resolveTarget('anthropic'), 'names');
    // Each of the 74 names carries 'mcp__favindex__' more: the estimate grows with it.
    expect(safe.tokens.tokens).toBeGreaterThan(raw.tokens.tokens);
  });

  it('raw keeps today’s answer: names as presented, problems as before, no client cap', () => {
    const raw = previewMode('favindex', catalog, modeInputs({ favourites, naming: 'slash' }), resolveTarget('openai'), 'names');
    expect(raw.tools.every((t) => t.presented === undefined)).toBe(true);
    expect(raw.problems).toHaveLength(74);
    expect(raw).toMatchObject({ clientCap: null, renamed: 0, refused: { client: 0, provider: 74 } });
    expect(raw.fix?.message).toBe('Switch to safe names (fav_… and all_<server>_<tool>): every name then passes OpenAI.');
  });

  it('a name over 64 only with the prefix is marked too long, and a client refusal wins the banner', () => {
    const keyed = { profile: CLIENTS['claude-code'], serverKey: 'favindex-production' };
    const slash = previewMode(
      'favindex',
      catalog,
      modeInputs({ favourites, naming: 'slash', serverKey: 'favindex-production' }),
      resolveTarget('anthropic'),
      'names',
      keyed,
    );
    const long = slash.tools.find((t) => t.presented === 'all/everything/trigger-long-running-operation')!;
    expect(long.marks!.map((m) => m.kind)).toEqual(['unknown', 'refused-by-provider', 'too-long']);
    expect(slash.tooLong).toBe(slash.tools.filter((t) => t.name.length > 64).length);
    expect(slash.tools.filter((t) => t.name.length > 64 && t.presented!.length <= 64)).toHaveLength(slash.tooLong);
    const desktop = previewMode('eager', catalog, modeInputs(), resolveTarget('anthropic'), 'names', {
      profile: CLIENTS['claude-desktop'],
      serverKey: 'favindex',
    });
    expect(desktop.requestRefused).toBeNull();
    const desktopSlash = previewMode('favindex', catalog, modeInputs({ naming: 'slash' }), resolveTarget('anthropic'), 'names', {
      profile: CLIENTS['claude-desktop'],
      serverKey: 'favindex',
    });
    expect(desktopSlash.requestRefused?.by).toBe('client');
    expect(desktopSlash.refused.client).toBe(71);
  });

  it('OpenAI refuses a request over its cap as a whole; Cursor, the client, sends the first 40', () => {
    const openai = previewMode('eager', catalog, modeInputs({ agentTools: 60 }), resolveTarget('openai'), 'names');
    expect(openai.requestRefused?.message).toContain('it holds 131 tools, 3 over the cap of 128');
    const cursor = previewMode('eager', catalog, modeInputs(), resolveTarget('cursor'), 'names', { profile: CLIENTS.cursor, serverKey: 'favindex' });
    expect(cursor).toMatchObject({ count: 40, clientCap: 40, fits: true, refused: { client: 31, provider: 0 } });
  });
});

describe('previews asked for again', () => {
  it('give the same answer as the first time, each with its own notes, and a changed catalog its own answer', () => {
    const inputs = modeInputs({ favourites });
    const first = previewMode('favindex', catalog, inputs, resolveTarget('anthropic'), 'full', claudeCode);
    first.notes.push('added by a caller');
    const again = previewMode('favindex', catalog, modeInputs({ favourites }), resolveTarget('anthropic'), 'full', claudeCode);
    expect(again.notes).not.toContain('added by a caller');
    expect(JSON.stringify(again)).toBe(JSON.stringify({ ...first, notes: first.notes.slice(0, -1) }));
    // Another client or naming of the same catalog is its own preview.
    const codex = previewMode('favindex', catalog, modeInputs({ favourites, naming: 'slash' }), resolveTarget('anthropic'), 'full', {
      profile: CLIENTS.codex,
      serverKey: 'favindex',
    });
    expect(codex.tools.map((t) => t.name)).not.toEqual(again.tools.map((t) => t.name));
    expect(codex.renamed).toBeGreaterThan(0);
    // A new catalog version is a new prepared catalog: the new description shows.
    const [github, ...others] = catalog.servers;
    const [tool, ...rest] = github!.tools;
    const changed = prepareCatalog([{ name: github!.name, tools: [{ ...tool!, description: 'Described anew' }, ...rest] }, ...others]);
    const fresh = previewMode('favindex', changed, inputs, resolveTarget('anthropic'), 'full', claudeCode);
    expect(fresh.tools.find((t) => t.canonical === `${github!.name}/${tool!.name}` && t.source === 'all')?.description).toBe('Described anew');
    expect(
      previewMode('favindex', catalog, inputs, resolveTarget('anthropic'), 'full', claudeCode).tools.find(
        (t) => t.canonical === `${github!.name}/${tool!.name}` && t.source === 'all',
      )?.description,
    ).toBe(tool!.description);
  });
});

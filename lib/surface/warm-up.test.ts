import { describe, expect, it } from 'vitest';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs } from '@/test/surface-catalogs';
import { CLIENT_TARGETS } from './client-targets';
import { CLIENT_IDS, CLIENTS } from './clients';
import { prepareCatalog } from './prepared-catalog';
import { previewModes } from './preview';
import { rankTools } from './retrieve';
import { resolveTarget } from './targets';
import { catalogWarmUp, codeWarmUp } from './warm-up';

// Fresh tool objects each time: token counts and indexes are kept per tool body and catalog.
const fresh = () => prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: structuredClone(s.tools) })));
const queries = ['create an issue', 'read a file from disk', 'list open pull requests', 'search'];
const ranked = (catalog: ReturnType<typeof fresh>) => queries.map((q) => rankTools(catalog, q).map((r) => [r.entry.canonical, r.score]));
const inputs = modeInputs({ agentTools: 2, query: 'create an issue', favourites: { enabled: true, maxFavourites: 15, tools: ['github/create_issue'] } });
const previews = (catalog: ReturnType<typeof fresh>) =>
  (['openai', 'anthropic'] as const).map((t) =>
    previewModes('all', catalog, inputs, resolveTarget(t), 'names', { profile: CLIENTS['claude-code'], serverKey: 'favindex' }),
  );

describe('a catalog warmed ahead', () => {
  it('answers as one that was not: the same ranking and scores, tokens and lists', () => {
    const warmed = fresh();
    const steps = catalogWarmUp(warmed, 7);
    while (!steps.next().done) {
      // one slice at a time, as the server runs it
    }
    const cold = fresh();
    expect(ranked(warmed)).toEqual(ranked(cold));
    expect(previews(warmed)).toEqual(previews(cold));
  });

  it('answers the same when a search or a preview comes halfway through the warm-up, which then finishes what is left', () => {
    const half = fresh();
    const steps = catalogWarmUp(half, 5);
    // Past the token counts, into the index.
    const slices = Math.ceil(half.entries.length / 5);
    for (let i = 0; i < 2 * slices + 3; i++) steps.next();
    expect(ranked(half)).toEqual(ranked(fresh()));
    expect(previews(half)).toEqual(previews(fresh()));
    // The index is whole now: the warm-up has nothing left to add.
    expect(steps.next().done).toBe(true);
  });
});

describe('the code warmed ahead', () => {
  const everyClient = (catalog: ReturnType<typeof fresh>) =>
    CLIENT_IDS.map((client) => previewModes('all', catalog, inputs, resolveTarget('anthropic'), 'full', { profile: CLIENTS[client], serverKey: 'favindex' }));

  it('leaves every client’s preview of a catalog as it was, whatever the warm-up kept of the demo catalog', () => {
    const before = everyClient(fresh());
    const steps = codeWarmUp();
    let slices = 0;
    while (!steps.next().done) slices++;
    // A slice per mode and one for the page, per client and target it reaches (a custom target needs the project's cap).
    const pairs = CLIENT_IDS.flatMap((client) => CLIENT_TARGETS[client].targets.filter((t) => t !== 'custom'));
    expect(slices).toBe(pairs.length * (SURFACE_MODES.length + 1));
    expect(everyClient(fresh())).toEqual(before);
  });
});

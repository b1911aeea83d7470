import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { modeInputs } from '@/test/surface-catalogs';
import { CLIENTS, type ClientId } from './clients';
import { prepareCatalog } from './prepared-catalog';
import { previewMode } from './preview';
import { resolveTarget } from './targets';
import type { ModeInputs } from './types';

const demo = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const tracker = prepareCatalog(ROUTERS_SERVERS);
const openai = resolveTarget('openai');
const anthropic = resolveTarget('anthropic');

const budgetOf = (mode: Parameters<typeof previewMode>[0], catalog: typeof demo, inputs: Partial<ModeInputs>, client: ClientId = 'raw', target = openai) =>
  previewMode(mode, catalog, modeInputs(inputs), target, 'names', { profile: CLIENTS[client], serverKey: 'favindex' }).budget;

describe('the attention budget of a previewed list (§routers)', () => {
  it('is within it, with nothing to say, while the list holds no more tools than the budget, the agent’s own counted', () => {
    const favourites = { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue'] };
    // 2 agent tools, 1 favourite, 2 routers, 1 singleton, 2 tools in no router: 8.
    expect(budgetOf('routers', tracker, { agentTools: 2, favourites, routers: ROUTERS, toolBudget: 8 })).toEqual({
      toolBudget: 8,
      counted: 8,
      overBy: 0,
      message: null,
    });
    expect(budgetOf('routers', tracker, { agentTools: 3, favourites, routers: ROUTERS, toolBudget: 8 })).toMatchObject({ counted: 9, overBy: 1 });
  });

  it('routers: the tools in no router leave first, named from the last, then the favourites’ second names', () => {
    const favourites = { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue', 'tracker/list_pull'] };
    // 2 favourites, 2 routers, 1 singleton, 2 tools in no router: 7, so 4 over a budget of 3.
    const budget = budgetOf('routers', tracker, { favourites, routers: ROUTERS, toolBudget: 3 });
    expect(budget).toEqual({
      toolBudget: 3,
      counted: 7,
      overBy: 4,
      message:
        '7 tools, 4 over the attention budget of 3: fold the 2 tools in no router into routers (notes/read_note, notes/append_note); unpin 2 favourites (tracker/get_issue, tracker/list_pull; this mode lists each twice).',
    });
    // Past every tool that can leave, the routers themselves would have to merge.
    expect(budgetOf('routers', tracker, { routers: ROUTERS, toolBudget: 1 }).message).toBe(
      '5 tools, 4 over the attention budget of 1: fold the 2 tools in no router into routers (notes/read_note, notes/append_note); fold 1 singleton into routers; merge routers: 1 more over with 2 routers listed.',
    );
    const one = budgetOf('routers', tracker, { favourites, routers: ROUTERS, toolBudget: 6 });
    expect(one.message).toBe('7 tools, 1 over the attention budget of 6: fold 1 of the 2 tools in no router into routers (notes/append_note).');
  });

  it('favourites first: unpinning leaves first; past what unpinning takes out, the catalog tools the mode lists every one of', () => {
    const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'] };
    const whole = budgetOf('favindex', demo, { favourites, toolBudget: 10_000 });
    expect(whole.overBy).toBe(0);
    const two = budgetOf('favindex', demo, { favourites, toolBudget: whole.counted - 2 });
    expect(two.message).toBe(
      `${whole.counted} tools, 2 over the attention budget of ${whole.counted - 2}: unpin 2 favourites (gitlab/create_issue, filesystem/read_file; this mode lists each twice).`,
    );
    const far = budgetOf('favindex', demo, { favourites, toolBudget: 30 });
    expect(far.message).toBe(
      `${whole.counted} tools, ${whole.counted - 30} over the attention budget of 30: unpin 3 favourites (github/create_issue, gitlab/create_issue, filesystem/read_file; this mode lists each twice); ${whole.counted - 33} catalog tools more would have to leave: this mode lists every one.`,
    );
  });

  it('counts what the model is shown before a search, per client: Codex hides every MCP tool behind its source line', () => {
    const raw = budgetOf('eager', demo, { agentTools: 2 }, 'raw');
    expect(raw.counted).toBe(demo.toolCount + 2);
    expect(raw.message).toContain(`${demo.toolCount + 2 - 30} catalog tools would have to leave the catalog or be kept back by the tool policy`);
    expect(budgetOf('eager', demo, { agentTools: 2 }, 'codex')).toMatchObject({ counted: 2, overBy: 0, message: null });
    // Claude Code shows deferred tools by name: they ride along every turn, and count.
    expect(budgetOf('deferred', demo, { agentTools: 2 }, 'claude-code', anthropic).counted).toBe(demo.toolCount + 2);
  });

  it('the modes that grow by session or search name the limit to lower; agent tools past it alone say so', () => {
    const activated = demo.entries.slice(0, 10).map((e) => e.canonical);
    // 2 agent tools, mcp_find_tools and 10 activations: 13, so 8 over 5.
    expect(budgetOf('lazy', demo, { agentTools: 2, session: { activated, calledServers: [] }, toolBudget: 5 }).message).toBe(
      '13 tools, 8 over the attention budget of 5: lower maxActivatedToolsPerSession to 2.',
    );
    // 'issue' matches 5 tools: 2 agent tools, mcp_find_tools and 5 results are 8, so 3 over 5.
    const retrieved = budgetOf('retrieve', demo, { agentTools: 2, query: 'issue', toolBudget: 5 });
    expect(retrieved).toMatchObject({ counted: 8, overBy: 3, message: '8 tools, 3 over the attention budget of 5: lower retrieveK to 2.' });
    expect(budgetOf('off', demo, { agentTools: 40 }).message).toBe(
      "41 tools, 11 over the attention budget of 30: the agent's own 40 tools and favindex's 1 alone are past it: give the agent fewer or raise surface.toolBudget.",
    );
  });
});

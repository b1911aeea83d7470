import { describe, expect, it } from 'vitest';
import type { TargetId } from '@/lib/schemas/surface-config';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { modeInputs } from '@/test/surface-catalogs';
import { CLIENTS, type ClientId } from './clients';
import { prepareCatalog } from './prepared-catalog';
import { previewModes, type ModePreview } from './preview';
import { resolveTarget } from './targets';
import { modeVerdict, type VerdictContext } from './verdict';

const servers = DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools }));
const catalog = prepareCatalog(servers);
const tools = servers.reduce((n, s) => n + s.tools.length, 0);
const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'] };

function verdicts(targetId: TargetId, clientId: ClientId, overrides: Parameters<typeof modeInputs>[0] = {}, configured = 'favindex', cap?: number) {
  const inputs = modeInputs({ favourites, agentTools: 2, ...overrides });
  const target = resolveTarget(targetId, cap);
  const client = { profile: CLIENTS[clientId], serverKey: 'favindex' };
  const modes = previewModes('all', catalog, inputs, target, 'names', client);
  const context = (m: ModePreview): VerdictContext => ({
    target: { id: target.id, label: target.label, cap: target.cap, warnAbove: target.warnAbove },
    client: { id: clientId, label: CLIENTS[clientId].label },
    catalog: { servers: servers.length, tools },
    limits: inputs.limits,
    modes,
    configured: m.mode === configured,
  });
  return Object.fromEntries(modes.map((m) => [m.mode, { preview: m, verdict: modeVerdict(m, context(m)) }]));
}

describe('modeVerdict', () => {
  it('slash names through Claude Code at OpenAI: broken, never fine, with safe names as the fix', () => {
    const { favindex } = verdicts('openai', 'claude-code', { naming: 'slash' });
    expect(favindex!.verdict.level).toBe('broken');
    expect(favindex!.verdict.reason).toMatch(/OpenAI would refuse this request as a whole/);
    expect(favindex!.verdict.fix).toEqual({ kind: 'naming', naming: 'safe', label: 'Switch to safe names' });
  });

  it('safe names at OpenAI are ok, with no fix, and say why in one sentence', () => {
    const { favindex } = verdicts('openai', 'raw');
    expect(favindex!.verdict).toEqual({
      level: 'ok',
      reason: expect.stringMatching(/^\d+ tools, within OpenAI’s cap of 128; OpenAI accepts every name\.$/),
      fix: null,
      lost: { count: 0, tools: [] },
      // Every catalog tool is listed: over the attention budget, which leaves the level as it is.
      budget: expect.stringMatching(/^\d+ tools, \d+ over the attention budget of 30: unpin 3 favourites/),
    });
  });

  it('over the attention budget: how far, what leaves first, and the modes of the same preview within it, the routers mode first', () => {
    const catalog = prepareCatalog(ROUTERS_SERVERS);
    const inputs = modeInputs({ agentTools: 2, routers: ROUTERS, favourites: { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue'] } });
    const target = resolveTarget('openai');
    const modes = previewModes('all', catalog, inputs, target, 'names');
    const context = (configured: boolean): VerdictContext => ({
      target,
      client: { id: 'raw', label: 'raw' },
      catalog: { servers: 2, tools: catalog.toolCount },
      limits: inputs.limits,
      modes,
      configured,
    });
    const eager = modeVerdict(modes.find((m) => m.mode === 'eager')!, context(true));
    expect(eager.level).toBe('ok');
    expect(eager.budget).toBe(
      '45 tools, 15 over the attention budget of 30: 15 catalog tools would have to leave the catalog or be kept back by the tool policy: this mode lists every one. Within it: routers (8 tools), lazy (3 tools), retrieve (3 tools).',
    );
    const routers = modeVerdict(modes.find((m) => m.mode === 'routers')!, context(false));
    expect(routers.budget).toBeNull();
  });

  it('over a cap that drops the rest: a warning whose lost list names exactly the tools past the cap', () => {
    const { eager } = verdicts('cursor', 'raw');
    const { preview, verdict } = eager!;
    expect(preview.overBy).toBeGreaterThan(0);
    expect(verdict.level).toBe('warning');
    expect(verdict.reason).toContain(`over Cursor’s cap of 40 will not reach the model`);
    expect(verdict.lost.count).toBe(preview.overBy + preview.leftOut.length);
    expect(verdict.lost.tools).toHaveLength(Math.min(100, verdict.lost.count));
    expect(verdict.lost.tools.at(-1)!.why).toBe('past the cap of 40');
    // No mode switch for a mode that is not the project's; the smallest cap that takes them all instead.
    expect(preview.count).toBeLessThanOrEqual(128);
    expect(verdict.fix).toMatchObject({ kind: 'target', target: 'openai', label: 'Preview at OpenAI' });
  });

  it("the project's own mode, failing, offers the best mode that passes", () => {
    const { eager, favindex, lazy } = verdicts('cursor', 'raw', {}, 'eager');
    expect(eager!.verdict.level).toBe('warning');
    // favindex lists every catalog tool too, so it is over Cursor's 40 as well; lazy passes.
    expect(favindex!.verdict.level).toBe('warning');
    expect(lazy!.verdict.level).toBe('ok');
    expect(eager!.verdict.fix).toEqual({ kind: 'mode', mode: 'lazy', label: 'Use lazy mode' });
  });

  it('pinned over the cap is fixed by lowering the list budget to the cap', () => {
    const { pinned } = verdicts('custom', 'raw', { session: { activated: [], calledServers: ['github', 'gitlab', 'filesystem'] } }, 'favindex', 20);
    expect(pinned!.preview.overBy).toBeGreaterThan(0);
    expect(pinned!.verdict.fix).toEqual({ kind: 'budget', maxToolsPerRequest: 20, label: 'Lower the list budget to 20' });
  });

  it('an empty catalog is a warning everywhere, fixed by adding one', () => {
    const empty = prepareCatalog([]);
    const inputs = modeInputs({ agentTools: 2 });
    const target = resolveTarget('openai');
    const modes = previewModes('all', empty, inputs, target, 'names');
    for (const m of modes) {
      const verdict = modeVerdict(m, {
        target,
        client: { id: 'raw', label: 'raw' },
        catalog: { servers: 0, tools: 0 },
        limits: inputs.limits,
        modes,
        configured: false,
      });
      expect(verdict.level).toBe('warning');
      expect(verdict.fix).toEqual({ kind: 'catalog', label: 'Add a catalog' });
    }
  });

  it('above a soft limit: a warning, not ok', () => {
    const { eager } = verdicts('anthropic', 'raw');
    expect(eager!.verdict).toMatchObject({ level: 'warning', reason: expect.stringContaining('more than Anthropic’s 30') });
  });

  it('offers to preview only at a target the client reaches: Claude Desktop over a small cap is sent to Anthropic, not OpenAI', () => {
    const { eager } = verdicts('custom', 'claude-desktop', {}, 'favindex', 10);
    expect(eager!.preview.overBy).toBeGreaterThan(0);
    expect(eager!.verdict.fix).toEqual({ kind: 'target', target: 'anthropic', label: 'Preview at Anthropic' });
  });

  it('says who passes the names in words, never "passes Claude Code at OpenAI"', () => {
    const { favindex } = verdicts('openai', 'codex');
    expect(favindex!.verdict.reason).toMatch(/every name gets through Codex CLI and OpenAI accepts it\.$/);
    expect(favindex!.verdict.reason).not.toMatch(/passes .* at /);
  });
});

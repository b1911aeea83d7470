import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { PreviewResponse } from '@/lib/contracts/preview';
import { modeVerdict, verdictContext } from '@/lib/surface/verdict';
import { writeFavourites } from '@/server/favourites/favourites';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { putTwelveServers, TWELVE_SERVERS } from '@/test/twelve-servers';

const database = setupTestDatabase();

const FAVOURITES = ['github/create_issue', 'postgres/query', 'linear/create_issue'];
const TOTAL = TWELVE_SERVERS.reduce((n, s) => n + s.tools.length, 0);
/** Anthropic's tool-use system prompt for tool_choice auto, billed once per request with tools (its docs' table). */
const ANTHROPIC_TOOL_PROMPT = 346;

function fixtureTool(canonical: string) {
  const [server, name] = canonical.split('/');
  const found = TWELVE_SERVERS.find((s) => s.server === server)?.tools.find((t) => t.name === name);
  if (!found) throw new Error(`${canonical} is not in the fixture`);
  return found;
}

async function twelveServerProject(): Promise<string> {
  const id = await createTestProject();
  await putTwelveServers(id);
  await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: FAVOURITES }, { via: 'api' });
  return id;
}

async function preview(id: string, query: string): Promise<PreviewResponse> {
  const res = await api.get(`/api/projects/${id}/preview?${query}`);
  expect(res.status).toBe(200);
  return res.body as PreviewResponse;
}

const verdictOf = (body: PreviewResponse, mode = body.modes[0]!) => modeVerdict(mode, verdictContext(body, null, mode.mode));

describe('GET /api/projects/:id/preview: what the client shows the model of each tool', () => {
  it('Claude Code: favourites loaded, every other tool by name only, and the up-front tokens count names only for those', async () => {
    const id = await twelveServerProject();
    const body = await preview(id, 'client=claude-code&target=anthropic&mode=favindex&agentTools=0');
    const [favindex] = body.modes;
    expect(TOTAL).toBe(157);
    expect(favindex!.tools).toHaveLength(3 + TOTAL);
    const favourites = favindex!.tools.filter((t) => t.source === 'favourite');
    const rest = favindex!.tools.filter((t) => t.source !== 'favourite');
    expect(favourites.map((t) => t.canonical)).toEqual(FAVOURITES);
    expect(favourites.every((t) => t.visibility === 'full' && t.why?.includes('alwaysLoad'))).toBe(true);
    expect(rest.every((t) => t.visibility === 'name' && t.why?.includes('ENABLE_TOOL_SEARCH'))).toBe(true);
    expect(favindex!.visibility).toMatchObject({ full: 3, name: TOTAL, hidden: 0, search: { tool: 'ToolSearch', results: 3 } });
    // postgres/query's description is past 2,048 characters: cut, in both of its entries.
    expect(fixtureTool('postgres/query').description!.length).toBeGreaterThan(2048);
    expect(favindex!.tools.filter((t) => t.cut).map((t) => t.canonical)).toEqual(['postgres/query', 'postgres/query']);

    // The hand count: Anthropic's JSON of each loaded favourite (description cut at 2,048), the
    // tool-use prompt, and the deferred names one a line as <available-deferred-tools> lists them.
    let full = ANTHROPIC_TOOL_PROMPT;
    for (const tool of favourites) {
      const { description, inputSchema } = fixtureTool(tool.canonical!);
      full += countTokens(JSON.stringify({ name: tool.name, description: (description ?? '').slice(0, 2048), input_schema: inputSchema }));
    }
    const names = countTokens(rest.map((t) => t.name).join('\n'));
    expect(favindex!.visibility.tokensUpFront).toBe(full + names);
    // All definitions stays what nothing deferred would cost: several times more.
    expect(favindex!.tokens.tokens).toBeGreaterThan(3 * favindex!.visibility.tokensUpFront);
    expect(favindex!.visibility.tokensPerSearch).toBeGreaterThan(0);
    expect(body.client.deferral).toMatchObject({ model: 'claude', toolSearch: 'on', contextWindow: 200_000 });
    expect(body.client.facts.some((f) => f.text.includes('<available-deferred-tools>') && f.known && f.source)).toBe(true);
    expect(verdictOf(body).level).toBe('warning');
    expect(verdictOf(body).reason).toContain('cuts 2 tool descriptions at 2,048 characters');

    // Tool search off, or a model before 4.5: everything loaded, and the figure rises.
    const off = (await preview(id, 'client=claude-code&target=anthropic&mode=favindex&agentTools=0&toolSearch=off')).modes[0]!;
    expect(off.visibility).toMatchObject({ full: 3 + TOTAL, name: 0, hidden: 0, tokensPerSearch: null });
    expect(off.visibility.tokensUpFront).toBeGreaterThan(3 * favindex!.visibility.tokensUpFront);
    const legacy = (await preview(id, 'client=claude-code&target=anthropic&mode=favindex&agentTools=0&model=claude-legacy')).modes[0]!;
    expect(legacy.visibility.full).toBe(3 + TOTAL);
    expect(legacy.tools[10]!.why).toContain('before Claude 4.5');

    // auto: ~30k tokens of definitions are over 10 % of 200k, but under 10 % of a million.
    const auto = (await preview(id, 'client=claude-code&target=anthropic&mode=favindex&agentTools=0&toolSearch=auto')).modes[0]!;
    const definitions = Number(/~([\d,]+) tokens/.exec(auto.tools[5]!.why!)![1]!.replaceAll(',', ''));
    expect(definitions).toBeGreaterThan(10_000);
    expect(definitions).toBeLessThan(20_000);
    expect(auto.visibility.name).toBe(0);
    expect(auto.tools[5]!.why).toMatch(/auto: MCP tool definitions \(~[\d,]+ tokens\) against 10% of a 200,000-token context window \(20,000, assumed\)/);
    const tight = (await preview(id, 'client=claude-code&target=anthropic&mode=favindex&agentTools=0&toolSearch=auto&toolSearchPercent=5')).modes[0]!;
    expect(tight.visibility).toMatchObject({ full: 3, name: TOTAL });
  });

  it('VS Code + Claude at GitHub Copilot: 157 deferred tools do not break the 128 cap; with Gemini they do', async () => {
    const id = await twelveServerProject();
    const claude = await preview(id, 'client=vscode-copilot&model=claude&target=github-copilot&mode=eager&agentTools=30');
    const eager = claude.modes[0]!;
    expect(eager).toMatchObject({ count: 30 + TOTAL, cap: 128, overBy: 0, fits: true });
    expect(eager.visibility).toMatchObject({ full: 30, name: TOTAL, hidden: 0, search: { tool: 'tool_search' } });
    // What still breaks it is postgres/query's description, over the Copilot API's 1,024 characters: not the cap.
    expect(eager.requestRefused?.message).toBe('GitHub Copilot would refuse this request as a whole: 1 description(s) are over 1024 characters.');
    expect(verdictOf(claude).reason).not.toContain('cap');

    const gemini = await preview(id, 'client=vscode-copilot&model=gemini&target=github-copilot&mode=eager&agentTools=30');
    expect(gemini.modes[0]!.visibility).toMatchObject({ full: 30 + 128, hidden: TOTAL - 128 });
    expect(gemini.modes[0]).toMatchObject({ overBy: 30, fits: false });
    expect(gemini.modes[0]!.requestRefused?.message).toContain('it holds 158 tools, 30 over the cap of 128');

    // Without the database server nothing else is wrong: the deferring view passes.
    const other = await createTestProject(['github', 'gitlab', 'filesystem', 'memory', 'everything']);
    const small = await preview(other, 'client=vscode-copilot&model=claude&target=github-copilot&mode=eager&agentTools=60');
    expect(small.modes[0]!.visibility).toMatchObject({ full: 60, name: 71 });
    expect(verdictOf(small)).toMatchObject({ level: 'ok', reason: expect.stringContaining('whether deferred tools count toward the cap is not known') });
    const smallGemini = await preview(other, 'client=vscode-copilot&model=gemini&target=github-copilot&mode=eager&agentTools=60');
    expect(verdictOf(smallGemini).level).toBe('broken');
  });

  it('Anthropic raw with provider search: nothing loaded is refused as a whole; favourites kept loaded pass', async () => {
    const id = await twelveServerProject();
    const body = await preview(id, 'client=raw&providerSearch=anthropic-bm25&target=anthropic&agentTools=0');
    const byMode = Object.fromEntries(body.modes.map((m) => [m.mode, m]));
    expect(byMode.eager!.visibility).toMatchObject({ full: 0, hidden: TOTAL, tokensUpFront: 0 });
    expect(byMode.eager!.requestRefused?.message).toContain('at least one tool must have defer_loading=false');
    expect(verdictOf(body, byMode.eager).level).toBe('broken');
    expect(byMode.favindex!.visibility).toMatchObject({ full: 3, hidden: TOTAL });
    expect(byMode.favindex!.requestRefused).toBeNull();

    const openai = (await preview(id, 'client=raw&providerSearch=openai&mode=eager&agentTools=0')).modes[0]!;
    expect(openai.visibility).toMatchObject({ full: 0, name: TOTAL, tokensPerSearch: null });
    expect(openai.visibility.notes.join(' ')).toContain('not known');
  });

  it('Codex hides every tool behind its source line; Gemini CLI and Claude Desktop load everything', async () => {
    const id = await twelveServerProject();
    const codex = (await preview(id, 'client=codex&mode=favindex&agentTools=0')).modes[0]!;
    expect(codex.visibility).toMatchObject({ full: 0, name: 0, hidden: 3 + TOTAL, search: { tool: 'tool_search', results: 8 } });
    expect(codex.visibility.tokensUpFront).toBeGreaterThan(0);
    expect(codex.visibility.tokensUpFront).toBeLessThan(400);
    const old = (await preview(id, 'client=codex&model=gpt-legacy&mode=favindex&agentTools=0')).modes[0]!;
    expect(old.visibility.full).toBe(3 + TOTAL);
    const gemini = await preview(id, 'client=gemini-cli&target=gemini&mode=eager&agentTools=0');
    expect(gemini.modes[0]!.visibility).toMatchObject({ full: TOTAL, name: 0, hidden: 0 });
    expect(gemini.modes[0]!.tools[0]!.name).toBe('mcp_favindex_github__create_or_update_file');
    expect(gemini.client.deferral.model).toBe('gemini');
  });

  it('says which mode fits each client: deferred where it defers tools itself, favindex where it sends everything', async () => {
    const id = await twelveServerProject();
    const fits = async (query: string) => (await preview(id, `${query}&agentTools=0`)).client.fits;
    expect(await fits('client=claude-code&target=anthropic')).toMatchObject({
      mode: 'deferred',
      why: expect.stringContaining('marks the favourites to stay loaded'),
    });
    expect(await fits('client=codex')).toMatchObject({ mode: 'deferred', why: expect.stringContaining('favourites too') });
    expect(await fits('client=claude-code&target=anthropic&toolSearch=off')).toMatchObject({ mode: 'favindex' });
    expect(await fits('client=gemini-cli&target=gemini')).toMatchObject({ mode: 'favindex' });
    const body = await preview(id, 'client=vscode-copilot&model=claude&target=github-copilot&agentTools=30');
    expect(body.modes.find((m) => m.mode === 'deferred')!.visibility.defers).toBe('everything');
    expect(body.client.fits.mode).toBe('deferred');
  });
});

import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokensInFunctions, type ChatCompletionFunctionDefinition } from 'gpt-tokenizer/functionCalling';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { modeInputs } from '@/test/surface-catalogs';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';
import { ANTHROPIC_TOOL_USE_OVERHEAD, estimateTokens } from './tokens';

const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));

describe('token estimates', () => {
  it('counted per tool, the OpenAI estimate equals counting the whole rendered function list at once', () => {
    for (const mode of ['eager', 'favindex', 'off'] as const) {
      const list = buildModeList(
        mode,
        catalog,
        modeInputs({ favourites: { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue'] } }),
      ).tools;
      const whole = estimateTokensInFunctions(
        list.map((t) => ({ name: t.name, description: t.body.description, parameters: t.body.inputSchema }) as unknown as ChatCompletionFunctionDefinition),
        countTokens,
      );
      expect(estimateTokens(list, 'openai-functions').tokens).toBe(whole);
    }
  });

  it('adds the Anthropic tool-use system prompt once for anthropic', () => {
    const list = buildModeList('off', catalog, modeInputs()).tools;
    const [first] = list;
    if (!first) throw new Error('the off list is empty');
    const json = JSON.stringify({ name: first.name, description: first.body.description, input_schema: first.body.inputSchema });
    expect(estimateTokens(list, 'anthropic-tools').tokens).toBe(countTokens(json) + ANTHROPIC_TOOL_USE_OVERHEAD);
  });

  it('leaves agent tools given as a count out of the estimate, and says how many', () => {
    const withCount = buildModeList('off', catalog, modeInputs({ agentTools: 5 })).tools;
    const without = buildModeList('off', catalog, modeInputs()).tools;
    expect(estimateTokens(withCount, 'openai-functions')).toEqual({ ...estimateTokens(without, 'openai-functions'), placeholdersExcluded: 5 });
  });

  it('is zero for an empty list, and grows with the list', () => {
    expect(estimateTokens([], 'openai-functions').tokens).toBe(0);
    const eager = estimateTokens(buildModeList('eager', catalog, modeInputs()).tools, 'openai-functions').tokens;
    const off = estimateTokens(buildModeList('off', catalog, modeInputs()).tools, 'openai-functions').tokens;
    expect(eager).toBeGreaterThan(off * 20);
  });
});

import { describe, expect, it } from 'vitest';
import { CLIENT_IDS, CLIENTS } from './clients';
import { CLIENT_DEFERRAL, type DeferralSettings } from './deferral';
import { defaultDeferralSettings, deferralPlan, modelFor } from './deferral-plan';
import { TOOL_SEARCHES } from './tool-search';

const settings = (client: (typeof CLIENT_IDS)[number], over: Partial<DeferralSettings> = {}) => ({ ...defaultDeferralSettings(client), ...over });

describe('client facts as data', () => {
  it.each(CLIENT_IDS)('%s: every fact has a source or says it is not known', (client) => {
    const facts = [...CLIENTS[client].facts, ...CLIENT_DEFERRAL[client].facts];
    expect(facts.length).toBeGreaterThan(0);
    for (const fact of facts) {
      if (fact.known) expect(fact.source, fact.text).toMatch(/\S{3,}/);
      else expect(fact.source, fact.text).toBeUndefined();
    }
  });

  it('every search a client or provider uses names its source', () => {
    for (const client of CLIENT_IDS) {
      const plan = deferralPlan(client, defaultDeferralSettings(client), 0);
      if (plan.search) expect(TOOL_SEARCHES[plan.search].source).not.toBe('');
    }
  });

  it('the model a user of each client gets today, and a family it does not run falls back to it', () => {
    expect(modelFor('claude-code', undefined)).toBe('claude');
    expect(modelFor('claude-code', 'gpt')).toBe('claude');
    expect(modelFor('codex', undefined)).toBe('gpt');
    expect(modelFor('copilot-cli', undefined)).toBe('claude');
    expect(modelFor('cursor', 'claude')).toBeNull();
  });
});

describe('what each client defers', () => {
  it('Claude Code: names for every MCP tool unless alwaysLoad; off, older models and a server alwaysLoad load everything', () => {
    expect(deferralPlan('claude-code', settings('claude-code'), 0)).toMatchObject({
      deferred: 'name',
      honoursAlwaysLoad: true,
      search: 'claude-code',
      descriptionLimit: 2048,
    });
    for (const over of [{ toolSearch: 'off' }, { model: 'claude-legacy' }, { serverAlwaysLoad: true }] as const) {
      expect(deferralPlan('claude-code', settings('claude-code', over), 0)).toMatchObject({ deferred: null, descriptionLimit: 2048 });
    }
  });

  it('Claude Code auto:N: defers only past N % of the context window', () => {
    const auto = settings('claude-code', { toolSearch: 'auto', toolSearchPercent: 10, contextWindow: 200_000 });
    expect(deferralPlan('claude-code', auto, 20_000).deferred).toBeNull();
    expect(deferralPlan('claude-code', auto, 20_001).deferred).toBe('name');
  });

  it('Codex hides behind the namespace for GPT-5.4+; VS Code defers for Claude and GPT and groups for Gemini; Copilot CLI only for Claude', () => {
    expect(deferralPlan('codex', settings('codex'), 0)).toMatchObject({ deferred: 'hidden', sourceLine: true, search: 'codex' });
    expect(deferralPlan('codex', settings('codex', { model: 'gpt-legacy' }), 0).deferred).toBeNull();
    expect(deferralPlan('vscode-copilot', settings('vscode-copilot', { model: 'claude' }), 0)).toMatchObject({ deferred: 'name', clientCapApplies: false });
    expect(deferralPlan('vscode-copilot', settings('vscode-copilot', { model: 'gemini' }), 0)).toMatchObject({ deferred: null, clientCapApplies: true });
    expect(deferralPlan('copilot-cli', settings('copilot-cli'), 0).deferred).toBe('name');
    expect(deferralPlan('copilot-cli', settings('copilot-cli', { model: 'gpt' }), 0).deferred).toBeNull();
    expect(deferralPlan('cursor', settings('cursor'), 0).deferred).toBe('name');
    expect(deferralPlan('gemini-cli', settings('gemini-cli'), 0).deferred).toBeNull();
  });

  it('raw with a provider search defers every tool not alwaysLoad: Anthropic hides them and needs one loaded, OpenAI shows name and description', () => {
    expect(deferralPlan('raw', settings('raw'), 0).deferred).toBeNull();
    expect(deferralPlan('raw', settings('raw', { providerSearch: 'anthropic-regex' }), 0)).toMatchObject({
      deferred: 'hidden',
      agentToolsToo: true,
      oneMustLoad: true,
    });
    expect(deferralPlan('raw', settings('raw', { providerSearch: 'openai' }), 0)).toMatchObject({
      deferred: 'name',
      nameWithDescription: true,
      oneMustLoad: false,
    });
  });
});

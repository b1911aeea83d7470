import type { TargetId } from '@/lib/schemas/surface-config';
import { TARGET_IDS } from '@/lib/schemas/surface-config';
import { type ClientId, CLIENTS } from './clients';
import { TARGETS } from './targets';

/**
 * Which provider a client's requests can reach, as data beside its profile (clients.ts; its
 * naming rules are lib/names/client-rules.ts) and deferral (deferral.ts) facts: a pair the client
 * never makes is not offered, since its verdict would judge a request nobody sends (Claude Code's
 * tools never meet OpenAI's rules). The first target is the client's own, the one a preview
 * falls back to.
 */
export interface ClientTargets {
  targets: readonly TargetId[];
  /** Why these and no others, in plain words, with where it comes from. */
  why: string;
  source: string;
}

export const CLIENT_TARGETS: Record<ClientId, ClientTargets> = {
  raw: {
    targets: TARGET_IDS,
    why: 'With no client in between, the names go to whichever provider the caller picks.',
    source: 'favindex',
  },
  'claude-code': {
    targets: ['anthropic'],
    why: 'Claude Code sends its requests to Anthropic’s API (or to Amazon Bedrock or Google Vertex AI, which take the same tool rules).',
    source: 'code.claude.com/docs/en/third-party-integrations',
  },
  'claude-desktop': {
    targets: ['anthropic'],
    why: 'Claude Desktop talks to Anthropic only.',
    source: 'claude.ai/download',
  },
  codex: {
    targets: ['openai', 'azure-openai', 'groq', 'custom'],
    why: 'Codex CLI talks to OpenAI, or to another provider with an OpenAI-compatible API set under model_providers (Azure, Groq, a local server).',
    source: 'openai/codex docs/config.md (model_providers)',
  },
  cursor: {
    targets: ['cursor'],
    why: 'Cursor sends every request through its own servers, whichever model is picked: Cursor’s limits apply, not the model provider’s.',
    source: 'cursor.com/docs/context/mcp',
  },
  'vscode-copilot': {
    targets: ['github-copilot', 'openai', 'azure-openai', 'anthropic', 'gemini', 'groq', 'custom'],
    why: 'VS Code Copilot uses GitHub Copilot’s models, or a provider you bring your own key for (OpenAI, Azure, Anthropic, Gemini, Groq and others).',
    source: 'code.visualstudio.com/docs/copilot/customization/language-models',
  },
  'copilot-cli': {
    targets: ['github-copilot'],
    why: 'Copilot CLI sends its requests to the GitHub Copilot API.',
    source: 'github/copilot-cli README',
  },
  'gemini-cli': {
    targets: ['gemini'],
    why: 'Gemini CLI talks to Google’s Gemini API (directly or through Vertex AI).',
    source: 'google-gemini/gemini-cli docs/get-started/authentication.md',
  },
};

/** The target a preview shows for a client: the one asked for when the client reaches it, else the client's own, with why. */
export function targetForClient(client: ClientId, asked: TargetId): { target: TargetId; fallback: string | null } {
  const { targets, why } = CLIENT_TARGETS[client];
  if (targets.includes(asked)) return { target: asked, fallback: null };
  const own = targets[0] ?? asked;
  return {
    target: own,
    fallback: `${CLIENTS[client].label} does not talk to ${providerName(asked)}, so this preview is at ${providerName(own)}. ${why}`,
  };
}

function providerName(id: TargetId): string {
  return id === 'custom' ? 'a provider with a custom cap' : TARGETS[id].label;
}

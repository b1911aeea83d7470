import type { FindabilityParams } from '@/components/api/use-findability-query';
import { CLIENT_IDS, type ClientId } from '@/lib/surface/clients';
import { CLIENT_SEARCHES } from '@/lib/surface/client-searches';
import { TOOL_SEARCHES, type ToolSearchId } from '@/lib/surface/tool-search';
import { isOneOf } from '@/lib/records';

/** The searches the panel offers: OpenAI's hosted one publishes nothing to rank by. */
export const SEARCH_CHOICES = ['codex', 'claude-code', 'vscode', 'anthropic-bm25', 'anthropic-regex'] as const satisfies readonly ToolSearchId[];
export type SearchChoice = (typeof SEARCH_CHOICES)[number];

// Short enough for a phone's width: the note beside the picker says which are approximations.
const LABELS: Record<SearchChoice, string> = {
  codex: 'Codex (BM25)',
  'claude-code': 'Claude Code (approx.)',
  vscode: 'VS Code (approx.)',
  'anthropic-bm25': 'Anthropic API, BM25',
  'anthropic-regex': 'Anthropic API, regex',
};

export const searchLabel = (choice: SearchChoice) => LABELS[choice];

/** The search of the client the preview goes through, when it has one; Codex otherwise. */
export function searchOfClient(client: ClientId): SearchChoice {
  const id = CLIENT_SEARCHES[client];
  return isOneOf(SEARCH_CHOICES, id) ? id : 'codex';
}

/** Client searches are asked for by client, so the answer names it; the API's by search. */
export function searchParams(choice: SearchChoice): FindabilityParams {
  const client = CLIENT_IDS.find((id) => CLIENT_SEARCHES[id] === choice);
  return client ? { client } : { search: TOOL_SEARCHES[choice].id };
}

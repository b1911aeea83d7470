import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import type { PlacementView, RouterSuggestionsView, RouterSuggestionView } from '@/lib/contracts/router-suggestions';
import { countOf, formatNumber } from '@/lib/format';
import { applySuggestion } from '@/lib/routers/apply';
import { ROUTER_SUGGESTIONS_PAGE_MAX } from '@/lib/schemas/routers-requests';
import type { ApiClient } from '../client';
import { CliError, EXIT } from '../exit-codes';
import type { Io } from '../output';
import { printJson } from '../output';

/** `favindex routers suggest` and `apply-suggestion` (§routers): the suggestions endpoint read, and one suggestion saved through PUT /routers. */

const savedWords = (s: RouterSuggestionView['saves']) => `saves ${countOf(s.tools.saved, 'tool')}, ${formatNumber(s.tokens.saved)} tokens`;

function whereWords(p: PlacementView): string {
  if (p.rule === 'existing-router') return `op ${p.op.op} of ${p.router}`;
  if (p.rule === 'new-router') return `new router ${p.router}`;
  return 'singleton';
}

export function describeSuggestions(answer: RouterSuggestionsView): string {
  const { presented, suggestions, unplaced } = answer;
  const lines = [
    `Routers of ${answer.project} (version ${answer.routersVersion}): ${presented.tools} tools presented in the routers mode, budget ${presented.budget}${presented.tools > presented.budget ? ` (${presented.tools - presented.budget} over)` : ''}`,
    `${countOf(suggestions.total, 'suggestion')}, together ${savedWords(suggestions.saves)}${suggestions.total > 0 ? `; ${suggestions.offset + 1}–${suggestions.offset + suggestions.items.length}:` : ''}`,
  ];
  for (const s of suggestions.items) {
    lines.push(`  ${s.router.name} (${countOf(s.router.ops.length, 'op')}, ${savedWords(s.saves)}): ${s.why}`);
    for (const op of s.router.ops) lines.push(`    ${op.op}  ${op.tool}`);
  }
  lines.push(
    `${countOf(unplaced.total, 'tool')} placed nowhere${unplaced.total > 0 ? `; ${unplaced.offset + 1}–${unplaced.offset + unplaced.items.length}:` : ''}`,
  );
  for (const p of unplaced.items) lines.push(`  ${p.tool} → ${whereWords(p)}: ${p.why}`);
  if (suggestions.total > 0) lines.push(`Apply one: favindex routers apply-suggestion --project ${answer.project} NAME`);
  return `${lines.join('\n')}\n`;
}

export async function showSuggestions(client: ApiClient, io: Io, project: string, page: { limit: number; offset: number }, json: boolean) {
  const query = { limit: page.limit, offset: page.offset, unplacedLimit: page.limit, unplacedOffset: page.offset };
  const { data } = await client.call(ROUTER_ENDPOINTS.suggestions, { id: project }, { query });
  return json ? printJson(io, data) : io.stdout(describeSuggestions(data));
}

/**
 * The suggestion named, over the routers in force, saved by PUT /routers with If-Match of the
 * version the suggestions were made against: one version in the history, which undo takes back.
 */
export async function applyNamedSuggestion(client: ApiClient, io: Io, project: string, name: string, json: boolean) {
  const { data: view } = await client.call(ROUTER_ENDPOINTS.read, { id: project });
  let found: RouterSuggestionView | undefined;
  let answer: RouterSuggestionsView | undefined;
  for (let offset = 0; !found && (answer === undefined || offset < answer.suggestions.total); offset += ROUTER_SUGGESTIONS_PAGE_MAX) {
    answer = (await client.call(ROUTER_ENDPOINTS.suggestions, { id: project }, { query: { limit: ROUTER_SUGGESTIONS_PAGE_MAX, offset, unplacedLimit: 1 } }))
      .data;
    found = answer.suggestions.items.find((s) => s.router.name === name);
  }
  if (!found || !answer) {
    throw new CliError(EXIT.API_ERROR, `no suggested router is named ${name}`, {
      suggestedAction: `list them with favindex routers suggest --project ${project}`,
    });
  }
  if (answer.routersVersion !== view.version) {
    throw new CliError(
      EXIT.API_ERROR,
      `the routers changed while the suggestions were read (version ${view.version}, then ${answer.routersVersion}); nothing was saved`,
      {
        suggestedAction: 'run the command again',
      },
    );
  }
  const applied = applySuggestion({ routers: view.routers, singletons: view.singletons }, found);
  if (!applied.ok) throw new CliError(EXIT.API_ERROR, `${name} cannot join the routers in force: ${applied.problems.join('; ')}`);
  const headers = { 'if-match': `"${view.version}"` };
  const { data: result } = await client.call(ROUTER_ENDPOINTS.replace, { id: project }, { json: applied.config, headers });
  if (json) return printJson(io, result);
  return io.stdout(`Routers of ${project}: applied ${name} (${savedWords(found.saves)}): version ${result.version}; favindex routers undo takes it back.\n`);
}

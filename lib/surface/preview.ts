import { DEFAULT_TOOL_BUDGET } from '@/lib/schemas/routers';
import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { budgetCheck, listShape } from './budget';
import { applyClient, type ClientTool, SharedMarks } from './client-list';
import { CLIENTS, type ClientProfile } from './clients';
import type { DeferralSettings } from './deferral';
import { defaultDeferralSettings, type DeferralPlan } from './deferral-plan';
import { type CheckedMode, type ListView, listedPreview, type PreviewDetail, WHOLE_LIST } from './list-view';
import { lostTools } from './lost-tools';
import { buildModeList, modeReads } from './modes';
import { MODE_TRAITS, revisionPlain } from './mode-traits';
import type { PreparedCatalog } from './prepared-catalog';
import { checkAgainstTarget, type Target, type TargetFit } from './targets';
import { estimateTokens, TOKEN_METHODS } from './tokens';
import type { ModeInputs } from './types';
import {
  measureVisibility,
  planForList,
  planReadsList,
  TOKENS_UP_FRONT,
  type ToolVisibility,
  type VisibilityCounts,
  type VisibilitySummary,
  visibilityLevels,
} from './visibility';
import type { ModePreview, ToolMark } from '@/lib/contracts/preview';
import { itemAt } from '@/lib/arrays';
import { BoundedMap } from '@/lib/bounded-map';
import { kept } from '@/lib/kept';
export type { ModePreview } from '@/lib/contracts/preview';
export type { PreviewTool } from '@/lib/contracts/preview';
export type { ListView, PreviewDetail } from './list-view';
export { WHOLE_LIST } from './list-view';

/** The client a preview goes through, the key its config gives favindex, and the model and settings that decide what it defers. */
export interface ClientChoice {
  profile: ClientProfile;
  serverKey: string;
  /** Default: what a user of the client gets today. */
  deferral?: DeferralSettings;
}

export const RAW_CLIENT: ClientChoice = { profile: CLIENTS.raw, serverKey: 'favindex' };

interface Checked {
  tools: ClientTool[];
  fit: TargetFit;
  refused: { client: number; provider: number };
  requestRefused: ModePreview['requestRefused'];
  notes: string[];
  received: ClientTool[];
  /** Where each received tool is in `tools`. */
  receivedAt: number[];
  levels: (ToolVisibility | null)[];
  visibility: VisibilitySummary;
  /** How many tools carry a mark of each kind. */
  marked: Map<ToolMark['kind'], number>;
}

/**
 * A mode's list through the client and against the target: the names the model receives and who
 * refuses what, without counting a token (all that says whether the list passes).
 */
function route(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice) {
  const list = buildModeList(mode, catalog, inputs);
  const { profile, serverKey } = client;
  const settings = client.deferral ?? defaultDeferralSettings(profile.id);
  // Unless the plan measures the list (Claude Code's auto), it is known before the client's pass, and with it the cap that applies.
  const early = planReadsList(profile.id, settings) ? null : planForList(profile.id, settings, [], target.tokenMethod);
  const cap = early && !early.clientCapApplies ? null : profile.toolCap;
  let sent = applyClient(profile, serverKey, list.tools, cap);
  const plan = early ?? planForList(profile.id, settings, sent.tools, target.tokenMethod);
  // VS Code groups past its cap only for the models it does not defer for.
  if (!plan.clientCapApplies && cap) sent = applyClient(profile, serverKey, list.tools, null);
  const received: ClientTool[] = [];
  const receivedAt: number[] = [];
  for (const [i, tool] of sent.tools.entries()) {
    if (!tool.received) continue;
    received.push(tool);
    receivedAt.push(i);
  }
  const { levels, count } = visibilityLevels(sent.tools, plan);
  const fit = checkAgainstTarget(received, target, count.full);
  const byName = new Map<string, string[]>();
  for (const p of fit.problems) byName.set(p.name, [...(byName.get(p.name) ?? []), p.message]);
  let provider = 0;
  const marks = new SharedMarks();
  for (const tool of received) {
    if (tool.placeholder) continue;
    const problems = byName.get(tool.name);
    if (problems) {
      provider++;
      for (const message of problems) tool.marks.push(marks.of('refused-by-provider', message));
    }
    if (target.maxNameLength !== null && tool.name.length > target.maxNameLength) {
      tool.marks.push({ kind: 'too-long', message: `'${tool.name}' is ${tool.name.length} characters; ${target.label} takes at most ${target.maxNameLength}` });
    }
  }
  const marked = toolsMarked(sent.tools);
  const refused = { client: marked.get('refused-by-client') ?? 0, provider };
  const requestRefused = sent.refusal ? { by: 'client' as const, message: sent.refusal } : (providerRefusal(fit, target) ?? nothingLoaded(plan, count, target));
  return { list, sent, plan, received, receivedAt, levels, count, fit, refused, requestRefused, marked };
}

/** route(), with what the model is given up front and per search counted. */
function check(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice) {
  const { list, sent, plan, received, receivedAt, levels, count, fit, refused, requestRefused, marked } = route(mode, catalog, inputs, target, client);
  const visibility = measureVisibility(sent.tools, levels, count, plan, target.tokenMethod, sourceLineOf(client.serverKey, list.instruction));
  const notes = [...list.notes, ...sent.notes];
  const checked: Checked = { tools: sent.tools, fit, refused, requestRefused, notes, received, receivedAt, levels, visibility, marked };
  return { list, checked };
}

/** How many tools carry a mark of each kind, in one pass (a tool with two marks of a kind counts once). */
function toolsMarked(tools: readonly ClientTool[]): Map<ToolMark['kind'], number> {
  const counts = new Map<ToolMark['kind'], number>();
  for (const { marks } of tools) {
    for (const [i, mark] of marks.entries()) {
      if (marks.findIndex((m) => m.kind === mark.kind) === i) counts.set(mark.kind, (counts.get(mark.kind) ?? 0) + 1);
    }
  }
  return counts;
}

/** What Codex shows of the favindex server: its key and what it says about itself (its instructions, reportedly). */
function sourceLineOf(serverKey: string, instruction: string | null): string {
  return instruction ? `${serverKey}: ${instruction}` : serverKey;
}

/** Anthropic refuses a request whose every tool is deferred (microsoft/vscode#311946). */
function nothingLoaded(plan: DeferralPlan, count: VisibilityCounts, target: Target): ModePreview['requestRefused'] {
  if (!plan.oneMustLoad || count.full > 0 || count.name + count.hidden === 0) return null;
  return {
    by: 'provider',
    message: `${target.label === 'Anthropic' ? 'Anthropic' : `Anthropic (previewed at ${target.label})`} would refuse this request as a whole: every tool is deferred, and at least one tool must have defer_loading=false.`,
  };
}

/** The provider refuses the whole request for one bad name or description, a repeated name, or (OpenAI) one tool too many. */
function providerRefusal(fit: TargetFit, target: Target): ModePreview['requestRefused'] {
  const names = fit.problems.filter((p) => p.field === 'name' && !p.message.includes('twice'));
  const twice = fit.problems.filter((p) => p.message.includes('twice'));
  const descriptions = fit.problems.filter((p) => p.field === 'description');
  const reasons: string[] = [];
  if (names.length > 0)
    reasons.push(`${names.length} tool name(s) break its rule ${target.namePattern?.source ?? ''}, e.g. '${itemAt(names, 0).name}'`.replace(' ,', ','));
  if (twice.length > 0) reasons.push(`${twice.length} name(s) are listed twice, e.g. '${itemAt(twice, 0).name}'`);
  if (descriptions.length > 0) reasons.push(`${descriptions.length} description(s) are over ${target.descriptionLimit} characters`);
  if (target.capRefusesRequest && fit.overBy > 0) reasons.push(`it holds ${fit.count} tools, ${fit.overBy} over the cap of ${fit.cap}`);
  if (reasons.length === 0) return null;
  return { by: 'provider', message: `${target.label} would refuse this request as a whole: ${reasons.join('; ')}.` };
}

function passes(c: Pick<Checked, 'requestRefused' | 'refused'>): boolean {
  return c.requestRefused === null && c.refused.client === 0 && c.refused.provider === 0;
}

/**
 * One mode's list through the client, checked against the target, with its token estimate
 * (§surface "Every preview reports"): the whole list, or the part of it `view` asks for.
 */
export function previewMode(
  mode: SurfaceMode,
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  detail: PreviewDetail = 'full',
  client: ClientChoice = RAW_CLIENT,
  view: ListView = WHOLE_LIST,
): ModePreview {
  const checked = checkedMode(mode, catalog, inputs, target, client);
  return { ...listedPreview(checked, detail, view), budget: budgetCheck(mode, checked.shape, inputs.toolBudget ?? DEFAULT_TOOL_BUDGET, inputs.limits) };
}

/**
 * A mode's list checked, kept per prepared catalog (one per catalog version) and what the list
 * is made from: the inputs the mode reads (modeReads), the target and the client. Asking again,
 * for another page of it, another detail, or with inputs only other modes read (a new query for
 * every mode but retrieve, a pin for every mode but favindex and deferred) costs a lookup.
 * Only the known client profiles are keyed by their id: a profile made up by a caller is not kept.
 */
function checkedMode(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice): CheckedMode {
  if (client.profile !== CLIENTS[client.profile.id]) return buildCheckedMode(mode, catalog, inputs, target, client);
  const made = [mode, modeReads(mode, inputs), target, client.profile.id, client.serverKey, client.deferral ?? null];
  const key = `${catalogId(catalog)}\u0000${JSON.stringify(made, regexAsText)}`;
  return kept(checkedModes, key, () => buildCheckedMode(mode, catalog, inputs, target, client));
}

function regexAsText(_key: string, value: unknown): unknown {
  return value instanceof RegExp ? `/${value.source}/${value.flags}` : value;
}

const catalogIds = new WeakMap<PreparedCatalog, number>();
let nextCatalogId = 0;
const catalogId = (catalog: PreparedCatalog) => kept(catalogIds, catalog, () => nextCatalogId++);

/** About 20 whole lists of a 10,000-tool catalog (three of the modes list every tool): a few clients and namings at once. */
const checkedModes = new BoundedMap<string, CheckedMode>(200_000, (checked) => checked.tools.length + 1);

/** Gives up the lists kept for a catalog no one will preview again (the warm-up's own), leaving their room to the rest. */
export function forgetCheckedModes(catalog: PreparedCatalog): void {
  if (!catalogIds.has(catalog)) return;
  const prefix = `${catalogId(catalog)}\u0000`;
  checkedModes.deleteWhere((_, key) => key.startsWith(prefix));
}

function buildCheckedMode(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice): CheckedMode {
  const { list, checked } = check(mode, catalog, inputs, target, client);
  const { fit, received, tools, levels } = checked;
  const tokens = estimateTokens(received, target.tokenMethod);
  const has = (kind: ToolMark['kind']) => checked.marked.get(kind) ?? 0;
  const summary: CheckedMode['summary'] = {
    mode,
    count: fit.count,
    cap: fit.cap,
    clientCap: client.profile.toolCap?.max ?? null,
    fits: fit.fits,
    overBy: fit.overBy,
    warn: fit.warn,
    longDescriptions: fit.problems.filter((p) => p.field === 'description').length,
    tokens: { ...tokens, methodDescription: TOKEN_METHODS[tokens.method] },
    visibility: { ...checked.visibility, method: TOKENS_UP_FRONT },
    refused: checked.refused,
    renamed: has('renamed'),
    tooLong: has('too-long'),
    collisions: has('collision'),
    unknown: has('unknown'),
    requestRefused: checked.requestRefused,
    fix: MODE_TRAITS[mode].namedByScheme ? namingFix(mode, catalog, inputs, target, client, checked) : null,
    leftOut: list.leftOut,
    lost: lostTools(checked.requestRefused, list.leftOut, tools, levels, fit),
    notes: checked.notes,
    instruction: list.instruction,
    revision: { differs: MODE_TRAITS[mode].onStateless !== null, plain: revisionPlain(mode) },
  };
  // Each problem with the place of its tool in the list, so a page gives the problems of its own tools.
  const problems = fit.problems.map((problem, i) => ({ problem, at: checked.receivedAt[fit.problemTools[i] ?? -1] ?? -1 }));
  // The budget counts what the model is shown before any search: not what the client leaves out or hides.
  const singletons = new Set(mode === 'routers' ? inputs.routers.singletons.map((s) => s.tool) : []);
  const shape = listShape(mode, tools, singletons, (i) => tools[i]?.received === true && (levels[i]?.visibility ?? 'hidden') !== 'hidden');
  return { summary, shape, tools, levels, problems };
}

/** Slash names fail where safe ones would pass: say so, as the one change to make. */
function namingFix(
  mode: SurfaceMode,
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  client: ClientChoice,
  current: Checked,
): ModePreview['fix'] {
  if (inputs.naming !== 'slash' || passes(current)) return null;
  // Whether they pass is all it takes: no token is counted for them.
  const safe = route(mode, catalog, { ...inputs, naming: 'safe' }, target, client);
  if (!passes(safe)) return null;
  const through = client.profile.id === 'raw' ? target.label : `${client.profile.label} and ${target.label}`;
  return { naming: 'safe', message: `Switch to safe names (fav_… and all_<server>_<tool>): every name then passes ${through}.` };
}

export function previewModes(
  modes: readonly SurfaceMode[] | 'all',
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  detail: PreviewDetail = 'full',
  client: ClientChoice = RAW_CLIENT,
  view: ListView = WHOLE_LIST,
): ModePreview[] {
  return (modes === 'all' ? SURFACE_MODES : modes).map((mode) => previewMode(mode, catalog, inputs, target, detail, client, view));
}

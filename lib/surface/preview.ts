import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { applyClient, type ClientTool, SharedMarks } from './client-list';
import { CLIENTS, type ClientProfile } from './clients';
import type { DeferralSettings } from './deferral';
import { defaultDeferralSettings, type DeferralPlan } from './deferral-plan';
import { buildModeList } from './modes';
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
import type { ModePreview, PreviewTool, ToolMark } from '@/lib/contracts/preview';
import { itemAt } from '@/lib/arrays';
export type { ModePreview } from '@/lib/contracts/preview';
export type { PreviewTool } from '@/lib/contracts/preview';

export type PreviewDetail = 'full' | 'names';

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
  for (const tool of sent.tools) if (tool.received) received.push(tool);
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
  return { list, sent, plan, received, levels, count, fit, refused, requestRefused, marked };
}

/** route(), with what the model is given up front and per search counted. */
function check(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice) {
  const { list, sent, plan, received, levels, count, fit, refused, requestRefused, marked } = route(mode, catalog, inputs, target, client);
  const visibility = measureVisibility(sent.tools, levels, count, plan, target.tokenMethod, sourceLineOf(client.serverKey, list.instruction));
  const checked: Checked = { tools: sent.tools, fit, refused, requestRefused, notes: [...list.notes, ...sent.notes], received, levels, visibility, marked };
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

/** One mode's list through the client, checked against the target, with its token estimate (§surface "Every preview reports"). */
export function previewMode(
  mode: SurfaceMode,
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  detail: PreviewDetail = 'full',
  client: ClientChoice = RAW_CLIENT,
): ModePreview {
  // Only the known client profiles are keyed by their id: a profile made up by a caller is not cached.
  if (client.profile !== CLIENTS[client.profile.id]) return buildModePreview(mode, catalog, inputs, target, detail, client);
  const key = JSON.stringify([mode, detail, inputs, target, client.profile.id, client.serverKey, client.deferral ?? null], regexAsText);
  const hit = modePreviews.get(catalog, key);
  // Its notes are the one part a caller adds to (the stateless note): each answer gets its own.
  if (hit) return { ...hit, notes: [...hit.notes] };
  const made = buildModePreview(mode, catalog, inputs, target, detail, client);
  modePreviews.set(catalog, key, made, made.tools.length + 1);
  return { ...made, notes: [...made.notes] };
}

function regexAsText(_key: string, value: unknown): unknown {
  return value instanceof RegExp ? `/${value.source}/${value.flags}` : value;
}

/**
 * Mode previews already made, per prepared catalog (one per catalog version) and everything
 * else they are made from: asking again for the same preview, or for one mode of it, costs a
 * lookup. Bounded by the tools they hold together, least recently used dropped first.
 */
class ModePreviewCache {
  private readonly ids = new WeakMap<PreparedCatalog, number>();
  private nextId = 0;
  private readonly entries = new Map<string, { value: ModePreview; weight: number }>();
  private weight = 0;

  constructor(private readonly maxWeight: number) {}

  private slot(catalog: PreparedCatalog, key: string): string {
    let id = this.ids.get(catalog);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(catalog, id);
    }
    return `${id}\u0000${key}`;
  }

  get(catalog: PreparedCatalog, key: string): ModePreview | undefined {
    const slot = this.slot(catalog, key);
    const entry = this.entries.get(slot);
    if (!entry) return undefined;
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    return entry.value;
  }

  set(catalog: PreparedCatalog, key: string, value: ModePreview, weight: number): void {
    if (weight > this.maxWeight) return;
    const slot = this.slot(catalog, key);
    const old = this.entries.get(slot);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(slot);
    }
    for (const [oldest, entry] of this.entries) {
      if (this.weight + weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
    this.entries.set(slot, { value, weight });
    this.weight += weight;
  }
}

/** About 20 full lists of a 10,000-tool catalog (three of the modes list every tool): a few clients and namings at once. */
const modePreviews = new ModePreviewCache(200_000);

function buildModePreview(
  mode: SurfaceMode,
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  detail: PreviewDetail,
  client: ClientChoice,
): ModePreview {
  const { list, checked } = check(mode, catalog, inputs, target, client);
  const { fit, received } = checked;
  const tokens = estimateTokens(received, target.tokenMethod);
  const has = (kind: ToolMark['kind']) => checked.marked.get(kind) ?? 0;
  return {
    mode,
    count: fit.count,
    cap: fit.cap,
    clientCap: client.profile.toolCap?.max ?? null,
    fits: fit.fits,
    overBy: fit.overBy,
    warn: fit.warn,
    problems: fit.problems,
    tokens: { ...tokens, methodDescription: TOKEN_METHODS[tokens.method] },
    visibility: { ...checked.visibility, method: TOKENS_UP_FRONT },
    refused: checked.refused,
    renamed: has('renamed'),
    tooLong: has('too-long'),
    collisions: has('collision'),
    unknown: has('unknown'),
    requestRefused: checked.requestRefused,
    fix: MODE_TRAITS[mode].namedByScheme ? namingFix(catalog, inputs, target, client, checked) : null,
    leftOut: list.leftOut,
    notes: checked.notes,
    instruction: list.instruction,
    revision: { differs: MODE_TRAITS[mode].onStateless !== null, plain: revisionPlain(mode) },
    tools: checked.tools.map((t, i) => toPreviewTool(t, detail, checked.levels[i] ?? null)),
  };
}

/** Slash names fail where safe ones would pass: say so, as the one change to make. */
function namingFix(catalog: PreparedCatalog, inputs: ModeInputs, target: Target, client: ClientChoice, current: Checked): ModePreview['fix'] {
  if (inputs.naming !== 'slash' || passes(current)) return null;
  // Whether they pass is all it takes: no token is counted for them.
  const safe = route('favindex', catalog, { ...inputs, naming: 'safe' }, target, client);
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
): ModePreview[] {
  return (modes === 'all' ? SURFACE_MODES : modes).map((mode) => previewMode(mode, catalog, inputs, target, detail, client));
}

function toPreviewTool(tool: ClientTool, detail: PreviewDetail, level: ToolVisibility | null): PreviewTool {
  const out: PreviewTool =
    tool.presented !== tool.name
      ? { name: tool.name, presented: tool.presented, canonical: tool.canonical, source: tool.source }
      : { name: tool.name, canonical: tool.canonical, source: tool.source };
  if (tool.placeholder) out.placeholder = true;
  if (detail === 'full' && !tool.placeholder) {
    out.description = tool.body.description ?? '';
    out.inputSchema = tool.body.inputSchema;
  }
  if (tool.marks.length > 0) out.marks = tool.marks;
  if (level) {
    out.visibility = level.visibility;
    out.why = level.why;
    if (level.cut) out.cut = true;
  }
  return out;
}

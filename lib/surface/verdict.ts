import type { ModePreview, PreviewResponse } from '@/lib/contracts/preview';
import type { NamingScheme, SurfaceMode, TargetId } from '@/lib/schemas/surface-config';
import { countOf } from '@/lib/format';
import { CLAUDE_CODE_DESCRIPTION_LIMIT } from './deferral';
import { CLIENT_TARGETS } from './client-targets';
import type { ClientId } from './clients';
import { MODE_TRAITS, modeName } from './mode-traits';
import { TARGETS } from './targets';

export type VerdictLevel = 'ok' | 'warning' | 'broken';

/** The one change that clears a verdict. Naming, mode and budget change the project; a target only changes what is previewed. */
export type VerdictFix =
  | { kind: 'naming'; naming: NamingScheme; label: string }
  | { kind: 'mode'; mode: SurfaceMode; label: string }
  | { kind: 'budget'; maxToolsPerRequest: number; label: string }
  | { kind: 'target'; target: TargetId; label: string }
  | { kind: 'catalog'; label: string };

export interface Verdict {
  level: VerdictLevel;
  /** One sentence. */
  reason: string;
  fix: VerdictFix | null;
  /** Every tool the model will not get (counted, the first ones named); none when the request is refused as a whole (then it gets none). */
  lost: ModePreview['lost'];
  /**
   * Over the attention budget (§routers): by how much, what would have to leave first, and the
   * modes of the same preview within it; null within it. It leaves the level as it is.
   */
  budget: string | null;
}

export interface VerdictContext {
  target: Pick<PreviewResponse['target'], 'id' | 'label' | 'cap' | 'warnAbove'>;
  client: Pick<PreviewResponse['client'], 'id' | 'label'> & Partial<Pick<PreviewResponse['client'], 'revisions'>>;
  /** The MCP revision the lists were built for (default 2025-11-25). */
  protocol?: Pick<PreviewResponse['protocol'], 'revision'>;
  catalog: PreviewResponse['catalog'];
  limits: PreviewResponse['limits'];
  /** Every mode of the same preview: where another mode passes, switching to it is the fix. */
  modes: readonly ModePreview[];
  /** The project's own mode: only it can be fixed by switching mode. */
  configured: boolean;
}

/** The modes to suggest instead, best first: the curated list, then the ones that grow on demand. */
const MODE_PREFERENCE: readonly SurfaceMode[] = ['favindex', 'lazy', 'retrieve', 'pinned', 'off', 'eager'];

/** What is wrong with a mode's list, without looking for a fix: the level and its one-sentence reason. */
function judge(preview: ModePreview, context: VerdictContext): { level: VerdictLevel; reason: string } {
  const { target, client, catalog } = context;
  // In words a person says: who changes the names, and who has to accept them.
  const passes = client.id === 'raw' ? `${target.label} accepts every name` : `every name gets through ${client.label} and ${target.label} accepts it`;
  const through = client.id === 'raw' ? `at ${target.label}` : `through ${client.label}`;
  if (preview.requestRefused) return { level: 'broken', reason: preview.requestRefused.message };
  if (catalog.tools === 0) return { level: 'warning', reason: 'The catalog is empty, so the model gets no MCP tools: add a server’s tools first.' };
  const lost = preview.lost.count;
  if (preview.overBy > 0)
    return { level: 'warning', reason: `${countOf(preview.overBy, 'tool')} over ${target.label}’s cap of ${preview.cap} will not reach the model.` };
  if (preview.refused.client > 0) return { level: 'warning', reason: `${client.label} leaves out ${countOf(preview.refused.client, 'tool')}.` };
  if (preview.leftOut.length > 0)
    return { level: 'warning', reason: `${countOf(preview.leftOut.length, 'catalog tool')} cannot be presented: the name is too long or taken.` };
  if (lost > 0) return { level: 'warning', reason: `${client.label} hides ${countOf(lost, 'tool')} behind tools the model must activate first.` };
  if (preview.visibility.cut > 0)
    return {
      level: 'warning',
      reason: `${client.label} cuts ${countOf(preview.visibility.cut, 'tool description')} at ${CLAUDE_CODE_DESCRIPTION_LIMIT.toLocaleString('en-GB')} characters: what follows never reaches the model.`,
    };
  if (preview.collisions > 0)
    return { level: 'warning', reason: `${countOf(preview.collisions, 'tool')} end up with a name another tool has too, ${through}.` };
  if (preview.warn)
    return {
      level: 'warning',
      reason: `${countOf(preview.visibility.full, 'tool')} loaded, more than ${target.label}’s ${target.warnAbove}: expect worse tool choice.`,
    };
  if (preview.unknown > 0)
    return { level: 'warning', reason: `What ${client.label} does with ${countOf(preview.unknown, 'tool name')} is not known: check them in the list.` };
  const room = preview.cap === null ? `${target.label} has no hard cap` : `within ${target.label}’s cap of ${preview.cap}`;
  const { full, name, hidden } = preview.visibility;
  if (name + hidden === 0) return { level: 'ok', reason: `${countOf(preview.count, 'tool')}, ${room}; ${passes}.` };
  const capped = preview.cap === null ? room : `${room} for what is sent in full (whether deferred tools count toward the cap is not known)`;
  return { level: 'ok', reason: `${full} loaded, ${name + hidden} deferred: ${capped}; ${passes}.` };
}

/** The smallest-capped named target the client reaches that takes this many tools: the one to preview instead. */
function roomierTarget(count: number, current: string, client: ClientId): TargetId | null {
  const reached = CLIENT_TARGETS[client].targets;
  const fitting = Object.values(TARGETS)
    .filter((t) => t.id !== current && reached.includes(t.id) && (t.cap === null || t.cap >= count))
    .sort((a, b) => (a.cap ?? Number.POSITIVE_INFINITY) - (b.cap ?? Number.POSITIVE_INFINITY));
  return fitting[0]?.id ?? null;
}

function findFix(preview: ModePreview, context: VerdictContext, level: VerdictLevel): VerdictFix | null {
  if (level === 'ok') return null;
  if (context.catalog.tools === 0) return { kind: 'catalog', label: 'Add a catalog' };
  if (preview.fix) return { kind: 'naming', naming: preview.fix.naming, label: `Switch to ${preview.fix.naming} names` };
  const { cap } = preview;
  if (preview.overBy > 0 && cap !== null && preview.mode === 'pinned' && context.limits.maxToolsPerRequest > cap)
    return { kind: 'budget', maxToolsPerRequest: cap, label: `Lower the list budget to ${cap}` };
  if (context.configured) {
    // A client that defers tools itself is best served by one name per tool, favourites loaded.
    const preference = preview.visibility.defers === 'nothing' ? MODE_PREFERENCE : (['deferred', ...MODE_PREFERENCE] as const);
    const better = preference.find((m) => {
      const other = context.modes.find((p) => p.mode === m);
      return m !== preview.mode && other !== undefined && judge(other, context).level === 'ok';
    });
    if (better) return { kind: 'mode', mode: better, label: `Use ${MODE_TRAITS[better].name} mode` };
  }
  if (preview.overBy > 0) {
    const target = roomierTarget(preview.visibility.full, context.target.id, context.client.id);
    // Sound: roomierTarget picks among the values of TARGETS, which has no custom entry.
    if (target) return { kind: 'target', target, label: `Preview at ${TARGETS[target as Exclude<TargetId, 'custom'>].label}` };
  }
  return null;
}

/**
 * One verdict for a mode's list as the preview API reports it: ok, warning or broken, why in one
 * sentence, and the change that clears it where one exists. The mode cards and the project header
 * both show this, so they cannot disagree with each other or with the API.
 */
export function modeVerdict(preview: ModePreview, context: VerdictContext): Verdict {
  const { level, reason } = judge(preview, context);
  // A request refused as a whole is refused on both revisions: its reason stays the refusal.
  const revision = level === 'broken' ? null : revisionClause(preview, context);
  return {
    level,
    reason: revision ? `${reason} ${revision}` : reason,
    fix: findFix(preview, context, level),
    lost: preview.lost,
    budget: budgetLine(preview, context),
  };
}

/** The modes named as within the budget, first the one that folds tools, then as MODE_PREFERENCE offers them. */
const WITHIN_PREFERENCE: readonly SurfaceMode[] = ['routers', ...MODE_PREFERENCE];

/** The budget's sentence, and the other modes of the same preview within it (at most three), which the model would get whole. */
function budgetLine(preview: ModePreview, context: VerdictContext): string | null {
  const { message } = preview.budget;
  if (message === null) return null;
  const within = WITHIN_PREFERENCE.flatMap((mode) => {
    const other = context.modes.find((m) => m.mode === mode);
    if (!other || mode === preview.mode || other.budget.overBy > 0 || judge(other, context).level === 'broken') return [];
    return [`${modeName(mode)} (${countOf(other.budget.counted, 'tool')})`];
  });
  return within.length === 0 ? message : `${message} Within it: ${within.slice(0, 3).join(', ')}.`;
}

const HOW: Record<NonNullable<VerdictContext['client']['revisions']>[number]['when'], string> = {
  always: '',
  either: '',
  http: ' with HTTP servers (reported, not verified)',
  flag: ' behind a flag that is off by default',
};

/**
 * Where the client's revision makes the mode behave otherwise than the list shows: a list built
 * for 2025-11-25 for a client that may use 2026-07-28, or one built for 2026-07-28 for a client
 * nothing says speaks it.
 */
function revisionClause(preview: ModePreview, context: VerdictContext): string | null {
  const change = MODE_TRAITS[preview.mode].onStateless;
  if (!change || !preview.revision?.differs) return null;
  const stateless = (context.client.revisions ?? []).find((r) => r.revision === '2026-07-28');
  const who = context.client.id === 'raw' ? 'this caller' : context.client.label;
  if ((context.protocol?.revision ?? '2025-11-25') === '2025-11-25') {
    return stateless ? `On 2026-07-28, which ${who} may use${HOW[stateless.when]}, ${change}.` : null;
  }
  return stateless ? null : `${who} is not known to speak 2026-07-28: on 2025-11-25 this list changes with the session.`;
}

/** The verdict's context from a whole preview response. */
export function verdictContext(response: PreviewResponse, configuredMode: SurfaceMode | null, mode: SurfaceMode): VerdictContext {
  return {
    target: response.target,
    client: response.client,
    protocol: response.protocol,
    catalog: response.catalog,
    limits: response.limits,
    modes: response.modes,
    configured: configuredMode === mode,
  };
}

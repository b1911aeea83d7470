import { ApiError } from '@/lib/errors';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { PreviewQuery } from '@/lib/schemas/preview-query';
import { instructionFor, type SurfaceConfig, type SurfaceLimits } from '@/lib/schemas/surface-config';
import { compositionOf } from '@/lib/names/client-forms';
import { CLIENTS, likelyRevision, type ClientProfile, type McpRevision } from './clients';
import { CLIENT_DEFERRAL, type DeferralSettings } from './deferral';
import { modelFor } from './deferral-plan';
import { modeFit } from './mode-fit';
import { agentToolCount } from './fixed-tools';
import { buildModeList } from './modes';
import type { PreparedCatalog } from './prepared-catalog';
import { MODE_TRAITS } from './mode-traits';
import { statelessSession } from './presented';
import { previewModes, WHOLE_LIST } from './preview';
import { explicitSession, replaySession, sessionStates } from './session';
import { resolveTarget, type Target } from './targets';
import { EMPTY_SESSION, type FavouritesInput, type ModeInputs, type SessionState } from './types';
import type { PreviewResponse } from '@/lib/contracts/preview';
export type { PreviewResponse } from '@/lib/contracts/preview';

export interface RecordedSession {
  id: string;
  calls: { id: string; timestamp: string; tool: string; canonical: string | null; kind: string }[];
  truncated: boolean;
}

export interface PreviewSources {
  project: string;
  surface: SurfaceConfig;
  favourites: FavouritesInput;
  /** The project's routers and singletons (§routers), for the routers mode. */
  routers: RoutersConfig;
  catalog: PreparedCatalog;
  recorded: RecordedSession | null;
  /** The connected proxies and the servers none of them runs; null when no proxy is connected. */
  proxies: PreviewResponse['proxies'];
  /** Who the preview is for, and what the policy keeps from them (the catalog and favourites are theirs already). */
  policy: PreviewResponse['policy'];
}

export type UploadedOnlyServer = NonNullable<PreviewResponse['proxies']>['uploadedOnly'][number];

/** The preview of one or all modes for the project's config with the request's overrides. */
export function buildPreviewResponse(sources: PreviewSources, query: PreviewQuery): PreviewResponse {
  const { surface, catalog, recorded } = sources;
  const target = previewTarget(query, surface);
  const limits: SurfaceLimits = {
    maxToolsPerRequest: query.maxToolsPerRequest ?? surface.limits.maxToolsPerRequest,
    maxActivatedToolsPerSession: query.maxActivatedToolsPerSession ?? surface.limits.maxActivatedToolsPerSession,
    maxPinnedServers: query.maxPinnedServers ?? surface.limits.maxPinnedServers,
    retrieveK: query.retrieveK ?? surface.limits.retrieveK,
  };
  const agentTools = query.agentTools ?? surface.agentTools;
  const naming = query.naming ?? surface.naming;
  const serverKey = query.serverKey ?? surface.serverKey;
  const base: Omit<ModeInputs, 'session'> = {
    agentTools,
    limits,
    favourites: sources.favourites,
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    instruction: instructionFor({ instruction: surface.instruction, naming }),
    naming,
    serverKey,
    routers: sources.routers,
    query: query.query,
    toolBudget: query.toolBudget ?? surface.toolBudget,
  };
  const profile = CLIENTS[query.client];
  const revision: McpRevision = query.protocol ?? likelyRevision(profile);
  // On 2026-07-28 the lists are the proxy's for a stateless request: the same session, whatever was called.
  const stateless = revision === '2026-07-28' ? statelessSession({ favouriteIndex: sources.favourites }) : null;
  const listed = (s: SessionState): ModeInputs =>
    stateless ? { ...base, session: stateless.state, query: stateless.query, stateless: true } : { ...base, session: s };
  const deferral: DeferralSettings = {
    model: modelFor(profile.id, query.model) ?? 'other',
    toolSearch: query.toolSearch,
    toolSearchPercent: query.toolSearchPercent,
    contextWindow: query.contextWindow,
    serverAlwaysLoad: query.serverAlwaysLoad,
    providerSearch: query.providerSearch,
  };
  const defers = CLIENT_DEFERRAL[profile.id];

  let session: PreviewResponse['session'] = null;
  let state: SessionState = EMPTY_SESSION;
  if (recorded) {
    const steps = recorded.calls.length;
    const step = query.step ?? steps;
    if (step > steps) {
      throw new ApiError('INVALID_PARAMETER', `step ${step} is past the end of session '${recorded.id}', which has ${steps} calls`, {
        suggestedAction: `give a step from 0 to ${steps}`,
        citedRule: '§surface',
      });
    }
    state = replaySession(recorded.calls, step);
    const growth: { lazy: number[]; pinned: number[] } = { lazy: [], pinned: [] };
    for (const s of sessionStates(recorded.calls)) {
      growth.lazy.push(buildModeList('lazy', catalog, listed(s)).tools.length);
      growth.pinned.push(buildModeList('pinned', catalog, listed(s)).tools.length);
    }
    session = { source: 'recorded', id: recorded.id, step, steps, truncated: recorded.truncated, calls: recorded.calls, growth, ...state };
  } else if (query.activated || query.calledServers) {
    state = explicitSession(query.activated ?? [], query.calledServers);
    session = { source: 'explicit', ...state };
  }

  const view = query.limit === undefined ? WHOLE_LIST : { limit: query.limit, offset: query.offset, filter: query.filter, sort: query.sort };
  const modes = previewModes(query.mode === 'all' ? 'all' : [query.mode], catalog, listed(state), target, query.detail, { profile, serverKey, deferral }, view);
  if (stateless && (session || hasText(query.query))) {
    for (const m of modes) {
      if (MODE_TRAITS[m.mode].onStateless !== null) m.notes.push('on 2026-07-28 the session and the query change nothing: every request reads this list');
    }
  }
  // Judged on the deferred list where it was previewed: Claude Code's auto decides by the list's size.
  const fits = modeFit(
    profile.id === 'raw' ? 'This caller' : profile.label,
    modes.find((m) => m.mode === 'deferred') ?? modes[0],
    surface.alwaysLoadFavourites,
  );

  return {
    project: sources.project,
    client: {
      id: profile.id,
      label: profile.label,
      serverKey,
      naming,
      composition: compositionOf(profile, serverKey),
      facts: [...profile.facts, ...profile.revisions, ...defers.facts].map((f) =>
        f.source ? { text: f.text, known: f.known, source: f.source } : { text: f.text, known: f.known },
      ),
      deferral: {
        ...deferral,
        model: modelFor(profile.id, query.model),
        settings: [...defers.settings],
      },
      revisions: profile.revisions.map((r) => (r.source ? { ...r } : { revision: r.revision, when: r.when, text: r.text, known: r.known })),
      fits,
    },
    target: {
      id: target.id,
      label: target.label,
      cap: target.cap,
      warnAbove: target.warnAbove,
      nameRule: target.namePattern?.source ?? null,
      descriptionLimit: target.descriptionLimit,
    },
    agentTools: { count: agentToolCount(agentTools), names: typeof agentTools === 'number' ? null : [...agentTools] },
    limits,
    query: query.query,
    catalog: { servers: catalog.servers.length, tools: catalog.toolCount },
    proxies: sources.proxies,
    session,
    policy: sources.policy,
    protocol: { revision, asked: query.protocol !== undefined, why: revisionWhy(profile, revision, query.protocol !== undefined) },
    modes,
  };
}

const hasText = (text: string) => text.trim() !== '';

/** Why the lists are built for this revision, in plain words. */
function revisionWhy(profile: ClientProfile, revision: McpRevision, asked: boolean): string {
  if (asked) return `Built for MCP ${revision}, as asked.`;
  const who = profile.id === 'raw' ? 'a generic client' : profile.label;
  const other = revision === '2026-07-28' ? '2025-11-25' : '2026-07-28';
  return `Built for MCP ${revision}, the revision ${who} most likely uses; pick ${other} to compare.`;
}

function previewTarget(query: PreviewQuery, surface: SurfaceConfig): Target {
  const id = query.target ?? surface.target;
  const cap = query.cap ?? surface.customCap ?? null;
  if (id === 'custom' && cap === null) {
    throw new ApiError('INVALID_PARAMETER', 'target custom needs a cap', {
      suggestedAction: 'give cap=N with target=custom, or set customCap in the project surface config',
      citedRule: '§surface',
    });
  }
  return resolveTarget(id, cap);
}

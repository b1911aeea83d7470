'use client';

import { useState } from 'react';
import { useProjectQuery } from '@/components/api/use-project-query';
import { FindabilityPanel } from '@/components/findability/findability-panel';
import { fetchEndpoint } from '@/components/api/fetch';
import { previewQuery, usePreviewQuery, type PreviewParams } from '@/components/api/use-preview-query';
import { Alert } from '@/components/ui/alert';
import { QueryView } from '@/components/ui/query-view';
import { useSearchState } from '@/components/ui/use-search-state';
import { whenLoaded } from '@/components/ui/when-loaded';
import { countOf } from '@/lib/format';
import type { SurfaceConfig, TargetId } from '@/lib/schemas/surface-config';
import { CLIENTS, type ClientId, likelyRevision, type McpRevision } from '@/lib/surface/clients';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import type { PreviewResponse } from '@/lib/surface/preview-response';
import { targetForClient } from '@/lib/surface/client-targets';
import { customCapProblem, readPreviewUrl } from '@/lib/surface/preview-url';
import { modeVerdict, verdictContext } from '@/lib/surface/verdict';
import { ModeCard } from './mode-card';
import { ModeDetail } from './mode-detail';
import styles from './preview-page.module.css';
import { ClientSummary } from './client-summary';
import { UploadedOnlyNote } from './uploaded-only-note';
import { DEFAULT_DEFERRAL_CONTROLS, deferralParams } from './deferral-controls';
import { IdentityPicker, type PreviewIdentity } from './identity-picker';
import { PreviewControls, type PreviewSettings } from './preview-controls';
import { ProjectVerdict } from './project-verdict';
import { SessionReplay } from './session-replay';
import { useClientChoice } from './use-client-choice';
import { useDebounced } from './use-debounced';
import { useModeList } from './use-mode-list';

type ProjectView = NonNullable<ReturnType<typeof useProjectQuery>['data']>;

function settingsFrom(surface: SurfaceConfig): PreviewSettings {
  return {
    target: surface.target,
    cap: surface.customCap ? String(surface.customCap) : '',
    agentTools: typeof surface.agentTools === 'number' ? String(surface.agentTools) : surface.agentTools.join(', '),
    limits: {
      maxToolsPerRequest: String(surface.limits.maxToolsPerRequest),
      maxActivatedToolsPerSession: String(surface.limits.maxActivatedToolsPerSession),
      maxPinnedServers: String(surface.limits.maxPinnedServers),
      retrieveK: String(surface.limits.retrieveK),
    },
    query: '',
    deferral: DEFAULT_DEFERRAL_CONTROLS,
  };
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

function toParams(
  settings: PreviewSettings,
  client: ClientId,
  session: string,
  step: number | undefined,
  identity: PreviewIdentity,
  protocol: McpRevision | null,
): PreviewParams {
  return {
    protocol: protocol ?? undefined,
    token: identity.token.trim() || undefined,
    sessionClient: identity.client.trim() || undefined,
    client,
    ...deferralParams(client, settings.deferral),
    target: settings.target,
    cap: settings.target === 'custom' && customCapProblem(settings.cap) === null ? number(settings.cap) : undefined,
    agentTools: settings.agentTools.replace(/\s+/g, ''),
    maxToolsPerRequest: number(settings.limits.maxToolsPerRequest),
    maxActivatedToolsPerSession: number(settings.limits.maxActivatedToolsPerSession),
    maxPinnedServers: number(settings.limits.maxPinnedServers),
    retrieveK: number(settings.limits.retrieveK),
    query: settings.query,
    session: session || undefined,
    step: session ? step : undefined,
  };
}

/** The modes side by side for a target, and the exact list of the one opened. */
export const PreviewPage = whenLoaded(useProjectQuery, { label: 'Loading the project', rows: 6 }, PreviewWorkbench);

/**
 * The controls start from the project's surface config; changing them previews without saving.
 * The client, target, custom cap, MCP revision, the mode opened and the list's sort are kept in the URL.
 */
function PreviewWorkbench({ id, data: project }: { id: string; data: ProjectView }) {
  const { client, choose } = useClientChoice(id);
  const { search, set } = useSearchState();
  const url = readPreviewUrl(search);
  const [local, setLocal] = useState(() => settingsFrom(project.surface));
  // A target this client never reaches (Claude Code at OpenAI) is not previewed: its own is, and the controls say why.
  const pair = targetForClient(client, url.target ?? local.target);
  const settings: PreviewSettings = { ...local, target: pair.target, cap: url.cap ?? local.cap };
  const [session, setSession] = useState('');
  const [step, setStep] = useState<number | undefined>(undefined);
  const opened = url.open;
  // Kept in the URL, so a link shows one identity's lists.
  const identity: PreviewIdentity = { token: search.get('asToken') ?? '', client: search.get('asClient') ?? '' };
  const capProblem = settings.target === 'custom' ? customCapProblem(settings.cap) : null;

  function change(next: PreviewSettings) {
    setLocal(next);
    set({ target: next.target === project.surface.target ? null : next.target, cap: next.target === 'custom' ? next.cap : null });
  }
  const onTarget = (target: TargetId) => change({ ...settings, target });
  // No revision in the URL: the one the client most likely uses, as the API picks it.
  const likely = likelyRevision(CLIENTS[client]);
  const protocol = {
    revision: url.protocol ?? likely,
    likely,
    mode: opened ?? project.surface.mode,
    onChange: (next: McpRevision) => set({ protocol: next === likely ? null : next }),
  };

  // Debounced as text: a fresh object every render would never settle.
  const settled = useDebounced(JSON.stringify(toParams(settings, client, session, step, identity, url.protocol)), 250);
  // Sound: settled is JSON.stringify of PreviewParams a line above, debounced.
  const params = JSON.parse(settled) as PreviewParams;
  // A custom target without a usable cap is not asked for: the field says what to enter.
  const ready = capProblem === null && !(params.target === 'custom' && params.cap === undefined);
  // Every mode's summary without its tools (limit 0); the list opened, a page at a time.
  const summary = usePreviewQuery(id, { ...params, mode: 'all', limit: 0 }, { enabled: ready });
  const list = useModeList(id, params, opened, ready);
  const wholeList = async () => {
    const answer = await fetchEndpoint(SURFACE_ENDPOINTS.preview, { id }, { query: previewQuery({ ...params, mode: opened ?? 'off', detail: 'full' }) });
    return answer.modes[0]?.tools ?? [];
  };
  const replay = summary.data?.session?.source === 'recorded' && summary.data.session.id === session ? summary.data.session : null;

  return (
    <>
      <PreviewControls
        settings={settings}
        onChange={change}
        client={client}
        onClient={choose}
        capProblem={capProblem}
        targetFallback={pair.fallback}
        protocol={protocol}
      />
      <IdentityPicker
        id={id}
        identity={identity}
        onChange={(next) => set({ asToken: next.token || null, asClient: next.client || null })}
        policy={summary.data?.policy}
      />
      <SessionReplay
        id={id}
        session={session}
        onSession={(next) => {
          setSession(next);
          setStep(next ? 0 : undefined);
        }}
        step={step}
        onStep={setStep}
        replay={replay}
      />
      {capProblem ? (
        <Alert tone="warn" data-testid="cap-needed">
          The custom target needs a cap before anything can be previewed. {capProblem}
        </Alert>
      ) : (
        <QueryView query={summary} loadingLabel="Loading the preview" loadingRows={6}>
          {(data) => (
            <>
              <PreviewSummary data={data} busy={summary.isFetching} />
              <UploadedOnlyNote projectId={id} proxies={data.proxies} />
              <ClientSummary client={data.client} project={project} />
              <ProjectVerdict project={project} response={data} testId="preview-refusal" onTarget={onTarget} quietWhenOk />
              <div className={styles.modes}>
                {data.modes.map((mode) => (
                  <ModeCard
                    key={mode.mode}
                    preview={mode}
                    verdict={modeVerdict(mode, verdictContext(data, project.surface.mode, mode.mode))}
                    warnAbove={data.target.warnAbove}
                    configured={project.surface.mode === mode.mode}
                    open={opened === mode.mode}
                    onOpen={(m) => set({ open: m })}
                    fix={{ project, onTarget }}
                    route={{ client: data.client.id === 'raw' ? null : data.client.label, target: data.target.label }}
                  />
                ))}
              </div>
              {opened ? <ModeDetail list={list} wholeList={wholeList} /> : null}
            </>
          )}
        </QueryView>
      )}
      {/* The preview first: the findability report searches every tool, and would hold the summary's answer back. */}
      <FindabilityPanel id={id} client={client} after={summary.isFetching} catalogTools={summary.data?.catalog.tools} />
    </>
  );
}

function PreviewSummary({ data, busy }: { data: PreviewResponse; busy: boolean }) {
  const { target, catalog, agentTools } = data;
  return (
    <p className="small muted" data-testid="preview-summary" aria-busy={busy}>
      {target.label}: {target.cap === null ? 'no hard cap' : `cap ${countOf(target.cap, 'tool')}`}
      {target.nameRule ? `, names ${target.nameRule}` : ''}
      {target.descriptionLimit ? `, descriptions ≤ ${target.descriptionLimit} characters` : ''} · {data.proxies ? 'run by connected proxies' : 'catalog'}{' '}
      {countOf(catalog.servers, 'server')}, {countOf(catalog.tools, 'tool')} · {countOf(agentTools.count, 'agent tool')}
    </p>
  );
}

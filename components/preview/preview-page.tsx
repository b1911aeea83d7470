'use client';

import { useState } from 'react';
import { useProjectQuery } from '@/components/api/use-project-query';
import { usePreviewQuery, type PreviewParams } from '@/components/api/use-preview-query';
import { QueryView, type QueryLike } from '@/components/ui/query-view';
import type { SurfaceConfig, SurfaceMode } from '@/lib/schemas/surface-config';
import type { ModePreview } from '@/lib/surface/preview';
import type { PreviewResponse } from '@/lib/surface/preview-response';
import { ModeCard } from './mode-card';
import { ModeDetail } from './mode-detail';
import styles from './preview-page.module.css';
import { ClientSummary } from './client-summary';
import { PreviewControls, type PreviewSettings } from './preview-controls';
import { RefusalNotice } from './refusal-notice';
import { SessionReplay } from './session-replay';
import { useClientChoice } from './use-client-choice';
import { useDebounced } from './use-debounced';

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
  };
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

function toParams(settings: PreviewSettings, client: string, session: string, step: number | undefined): PreviewParams {
  return {
    client,
    target: settings.target,
    cap: settings.target === 'custom' ? number(settings.cap) : undefined,
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
export function PreviewPage({ id }: { id: string }) {
  const project = useProjectQuery(id);
  return (
    <QueryView query={project} loadingLabel="Loading the project" loadingRows={6}>
      {(data) => <PreviewWorkbench id={id} project={data} />}
    </QueryView>
  );
}

/** The controls start from the project's surface config; changing them previews without saving. The client is kept in the URL. */
function PreviewWorkbench({ id, project }: { id: string; project: ProjectView }) {
  const { client, choose } = useClientChoice(id);
  const [settings, setSettings] = useState(() => settingsFrom(project.surface));
  const [session, setSession] = useState('');
  const [step, setStep] = useState<number | undefined>(undefined);
  const [opened, setOpened] = useState<SurfaceMode | null>(null);

  // Debounced as text: a fresh object every render would never settle.
  const settled = useDebounced(JSON.stringify(toParams(settings, client, session, step)), 250);
  const params = JSON.parse(settled) as PreviewParams;
  const summary = usePreviewQuery(id, { ...params, mode: 'all', detail: 'names' });
  const detail = usePreviewQuery(id, { ...params, mode: opened ?? 'off', detail: 'full' }, { enabled: opened !== null });
  // Switching modes keeps the last mode's list as placeholder data; it is not this mode's, so wait for it.
  const openedDetail: QueryLike<ModePreview> = {
    data: detail.data && !detail.isPlaceholderData ? detail.data.modes[0] : undefined,
    error: detail.error,
    isError: detail.isError,
    isPending: detail.isPending || detail.isPlaceholderData,
    refetch: detail.refetch,
  };
  const replay = summary.data?.session?.source === 'recorded' && summary.data.session.id === session ? summary.data.session : null;

  return (
    <>
      <PreviewControls settings={settings} onChange={setSettings} client={client} onClient={choose} />
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
      <QueryView query={summary} loadingLabel="Loading the preview" loadingRows={6}>
        {(data) => (
          <>
            <PreviewSummary data={data} busy={summary.isFetching} />
            <ClientSummary client={data.client} />
            <ProjectModeRefusal data={data} project={project} />
            <div className={styles.modes}>
              {data.modes.map((mode) => (
                <ModeCard
                  key={mode.mode}
                  preview={mode}
                  warnAbove={data.target.warnAbove}
                  configured={project.surface.mode === mode.mode}
                  open={opened === mode.mode}
                  onOpen={(m) => setOpened(m)}
                />
              ))}
            </div>
            {opened ? <ModeDetail detail={openedDetail} busy={detail.isFetching} /> : null}
          </>
        )}
      </QueryView>
    </>
  );
}

function PreviewSummary({ data, busy }: { data: PreviewResponse; busy: boolean }) {
  const { target, catalog, agentTools } = data;
  return (
    <p className="small muted" data-testid="preview-summary" aria-busy={busy}>
      {target.label}: {target.cap === null ? 'no hard cap' : `cap ${target.cap} tools`}
      {target.nameRule ? `, names ${target.nameRule}` : ''}
      {target.descriptionLimit ? `, descriptions ≤ ${target.descriptionLimit} characters` : ''} · catalog {catalog.servers} servers, {catalog.tools} tools ·{' '}
      {agentTools.count} agent tools
    </p>
  );
}

/** The project's own mode, refused as a whole or losing tools: said at the top, in plain words, with the fix. */
function ProjectModeRefusal({ data, project }: { data: PreviewResponse; project: ProjectView }) {
  const mode = data.modes.find((m) => m.mode === project.surface.mode);
  if (!mode) return null;
  const route = data.client.id === 'raw' ? `At ${data.target.label}` : `Through ${data.client.label}, at ${data.target.label}`;
  return <RefusalNotice project={project} preview={mode} route={route} testId="preview-refusal" />;
}

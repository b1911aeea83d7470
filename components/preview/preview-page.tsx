'use client';

import { useEffect, useState } from 'react';
import { useProjectQuery } from '@/components/api/use-project-query';
import { usePreviewQuery, type PreviewParams } from '@/components/api/use-preview-query';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import type { SurfaceConfig, SurfaceMode } from '@/lib/schemas/surface-config';
import { ModeCard } from './mode-card';
import { ModeDetail } from './mode-detail';
import { PreviewControls, type PreviewSettings } from './preview-controls';
import { SessionReplay } from './session-replay';
import { useDebounced } from './use-debounced';

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

function toParams(settings: PreviewSettings, session: string, step: number | undefined): PreviewParams {
  return {
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
  const [settings, setSettings] = useState<PreviewSettings | null>(null);
  const [session, setSession] = useState('');
  const [step, setStep] = useState<number | undefined>(undefined);
  const [opened, setOpened] = useState<SurfaceMode | null>(null);

  useEffect(() => {
    if (project.data && !settings) setSettings(settingsFrom(project.data.surface));
  }, [project.data, settings]);

  // Debounced as text: a fresh object every render would never settle.
  const settled = useDebounced(settings ? JSON.stringify(toParams(settings, session, step)) : null, 250);
  const params = settled === null ? null : (JSON.parse(settled) as PreviewParams);
  const summary = usePreviewQuery(id, { ...params, mode: 'all', detail: 'names' }, { enabled: params !== null });
  const detail = usePreviewQuery(id, { ...params, mode: opened ?? 'off', detail: 'full' }, { enabled: params !== null && opened !== null });

  if (project.isError) return <ErrorNotice error={project.error} onRetry={() => project.refetch()} />;
  if (!settings) return <SkeletonRows rows={6} label="Loading the project" />;

  const data = summary.data;
  const replay = data?.session?.source === 'recorded' && data.session.id === session ? data.session : null;
  const openedPreview = opened && detail.data && !detail.isPlaceholderData ? (detail.data.modes[0] ?? null) : null;
  return (
    <>
      <PreviewControls settings={settings} onChange={setSettings} />
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
      {summary.isError ? <ErrorNotice error={summary.error} onRetry={() => summary.refetch()} /> : null}
      {!data && summary.isPending ? <SkeletonRows rows={6} label="Loading the preview" /> : null}
      {data ? (
        <>
          <p className="small muted" data-testid="preview-summary" aria-busy={summary.isFetching}>
            {data.target.label}: {data.target.cap === null ? 'no hard cap' : `cap ${data.target.cap} tools`}
            {data.target.nameRule ? `, names ${data.target.nameRule}` : ''}
            {data.target.descriptionLimit ? `, descriptions ≤ ${data.target.descriptionLimit} characters` : ''} · catalog {data.catalog.servers} servers,{' '}
            {data.catalog.tools} tools · {data.agentTools.count} agent tools
          </p>
          <div className="grid mode-grid">
            {data.modes.map((mode) => (
              <ModeCard
                key={mode.mode}
                preview={mode}
                warnAbove={data.target.warnAbove}
                configured={project.data?.surface.mode === mode.mode}
                open={opened === mode.mode}
                onOpen={(m) => setOpened(m)}
              />
            ))}
          </div>
          {opened ? <ModeDetail preview={openedPreview} loading={detail.isFetching} error={detail.error} onRetry={() => detail.refetch()} /> : null}
        </>
      ) : null}
    </>
  );
}

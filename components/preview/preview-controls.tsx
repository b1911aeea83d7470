'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { Alert } from '@/components/ui/alert';
import type { SurfaceLimits, SurfaceMode, TargetId } from '@/lib/schemas/surface-config';
import { CLIENT_TARGETS } from '@/lib/surface/client-targets';
import { CLIENT_IDS, CLIENTS, type ClientId, MCP_REVISIONS, type McpRevision } from '@/lib/surface/clients';
import { modeTitle, revisionPlain } from '@/lib/surface/mode-traits';
import { TARGETS } from '@/lib/surface/targets';
import styles from './preview-controls.module.css';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { DeferralControls, type DeferralControlValues } from './deferral-controls';
import { keysOf } from '@/lib/records';

export interface PreviewSettings {
  target: TargetId;
  cap: string;
  agentTools: string;
  limits: Record<keyof SurfaceLimits, string>;
  query: string;
  /** The model and tool-search settings: the controls show only those the client uses. */
  deferral: DeferralControlValues;
}

const LIMIT_LABELS: Record<keyof SurfaceLimits, string> = {
  maxToolsPerRequest: 'Max tools per request',
  maxActivatedToolsPerSession: 'Max activated per session',
  maxPinnedServers: 'Max pinned servers',
  retrieveK: 'Retrieve K',
};

/** Each limit in plain words: shown as its tooltip and, for a phone, in the list under the fields. */
const LIMIT_HELP: Record<keyof SurfaceLimits, string> = {
  maxToolsPerRequest: 'The most tools favindex puts in one list for the model.',
  maxActivatedToolsPerSession: 'In lazy mode, how many tools the model may switch on in one session.',
  maxPinnedServers: 'In pinned mode, how many servers have all their tools listed.',
  retrieveK: 'In retrieve mode, how many tools a search for the request returns.',
};

const targetLabel = (t: TargetId) => (t === 'custom' ? 'Custom cap' : TARGETS[t].label);

interface Props {
  settings: PreviewSettings;
  onChange: (next: PreviewSettings) => void;
  client: ClientId;
  onClient: (next: ClientId) => void;
  /** What is wrong with the custom cap as typed, in plain words; null when it is fine. */
  capProblem?: string | null;
  /** Set when the target asked for (the project's, or a link's) is one this client never reaches: why the preview shows another. */
  targetFallback?: string | null;
  /** The MCP revision the lists are built for, and the mode whose difference between revisions is spelled out. */
  protocol?: { revision: McpRevision; likely: McpRevision; mode: SurfaceMode; onChange: (next: McpRevision) => void };
}

const revisionLabel = (likely: McpRevision) => (r: McpRevision) => (r === likely ? `${r} (what this client most likely uses)` : r);

/** Client, target, agent tools, limits and the retrieve query: each overrides the project's config for this preview only. */
export function PreviewControls({ settings, onChange, client, onClient, capProblem = null, targetFallback = null, protocol }: Props) {
  const set = <K extends keyof PreviewSettings>(key: K, value: PreviewSettings[K]) => onChange({ ...settings, [key]: value });
  return (
    <Card aria-labelledby="preview-settings-heading">
      <CardHeader id="preview-settings-heading" title="What to preview" note="changes here are not saved to the project" />
      <div className={`row ${styles.controls}`}>
        <ChoiceSelect label="MCP client" value={client} choices={CLIENT_IDS} optionLabel={(c) => CLIENTS[c].label} onChange={onClient} />
        {/* Only the providers this client reaches: a pair nobody sends has no verdict worth reading. */}
        <ChoiceSelect
          label="Target"
          value={settings.target}
          choices={CLIENT_TARGETS[client].targets}
          optionLabel={targetLabel}
          onChange={(t) => set('target', t)}
        />
        {protocol ? (
          <ChoiceSelect
            label="MCP revision"
            name="MCP revision the lists are built for"
            value={protocol.revision}
            choices={MCP_REVISIONS}
            optionLabel={revisionLabel(protocol.likely)}
            onChange={protocol.onChange}
          />
        ) : null}
        {settings.target === 'custom' ? (
          <div className={styles.capField}>
            <label htmlFor="custom-cap">Cap (tools per request)</label>
            <input
              id="custom-cap"
              inputMode="numeric"
              value={settings.cap}
              onChange={(e) => set('cap', e.target.value)}
              aria-invalid={capProblem !== null}
              aria-describedby="custom-cap-help"
              className={styles.narrow}
              placeholder="e.g. 64"
            />
            <span id="custom-cap-help" className={`small ${capProblem ? styles.problem : 'muted'}`} data-testid="custom-cap-help">
              {capProblem ?? 'The most tools your provider takes in one request.'}
            </span>
          </div>
        ) : null}
        <label className="field">
          Agent tools: the client’s own, such as edit or shell (a count, or names separated by commas)
          <input value={settings.agentTools} onChange={(e) => set('agentTools', e.target.value)} aria-label="Agent tools" placeholder="56" />
        </label>
        <label className={`field ${styles.grow}`}>
          Retrieve query: the request retrieve mode finds tools for
          <input
            type="search"
            value={settings.query}
            onChange={(e) => set('query', e.target.value)}
            aria-label="Retrieve query"
            placeholder="e.g. open a pull request"
          />
        </label>
      </div>
      <p className="small muted" data-testid="target-help">
        The target is the provider the client sends the tool list to: its cap and name rules are what the list is checked against. {CLIENT_TARGETS[client].why}
      </p>
      {protocol ? (
        <p className="small muted" data-testid="revision-help">
          MCP{' '}
          {protocol.revision === '2026-07-28'
            ? '2026-07-28 is stateless: a list may not change with a session’s calls'
            : '2025-11-25 keeps a session: lazy, pinned and retrieve lists follow its calls'}
          . {modeTitle(protocol.mode)}: {revisionPlain(protocol.mode)}
        </p>
      ) : null}
      {targetFallback ? (
        <Alert tone="warn" className="small" data-testid="target-fallback">
          {targetFallback}
        </Alert>
      ) : null}
      <DeferralControls client={client} values={settings.deferral} onChange={(next) => set('deferral', next)} />
      <div className={`row ${styles.controls}`}>
        {keysOf(LIMIT_LABELS).map((key) => (
          <label className="field" key={key} title={LIMIT_HELP[key]}>
            {LIMIT_LABELS[key]}
            <input
              type="number"
              min={key === 'maxActivatedToolsPerSession' || key === 'maxPinnedServers' ? 0 : 1}
              value={settings.limits[key]}
              onChange={(e) => set('limits', { ...settings.limits, [key]: e.target.value })}
              aria-label={LIMIT_LABELS[key]}
              aria-describedby={`limit-help-${key}`}
              className={styles.narrow}
            />
          </label>
        ))}
      </div>
      <details className="small muted">
        <summary>What these limits mean</summary>
        <ul>
          {keysOf(LIMIT_HELP).map((key) => (
            <li key={key} id={`limit-help-${key}`}>
              <strong>{LIMIT_LABELS[key]}</strong>: {LIMIT_HELP[key]}
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}

'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { TARGET_IDS, type SurfaceLimits } from '@/lib/schemas/surface-config';
import { CLIENT_IDS, CLIENTS, type ClientId } from '@/lib/surface/clients';
import styles from './preview-controls.module.css';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { DeferralControls, type DeferralControlValues } from './deferral-controls';

export interface PreviewSettings {
  target: string;
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

interface Props {
  settings: PreviewSettings;
  onChange: (next: PreviewSettings) => void;
  client: ClientId;
  onClient: (next: ClientId) => void;
  /** What is wrong with the custom cap as typed, in plain words; null when it is fine. */
  capProblem?: string | null;
}

/** Client, target, agent tools, limits and the retrieve query: each overrides the project's config for this preview only. */
export function PreviewControls({ settings, onChange, client, onClient, capProblem = null }: Props) {
  const set = <K extends keyof PreviewSettings>(key: K, value: PreviewSettings[K]) => onChange({ ...settings, [key]: value });
  return (
    <Card aria-labelledby="preview-settings-heading">
      <CardHeader id="preview-settings-heading" title="What to preview" note="changes here are not saved to the project" />
      <div className={`row ${styles.controls}`}>
        <ChoiceSelect label="MCP client" value={client} choices={CLIENT_IDS} optionLabel={(c) => CLIENTS[c].label} onChange={onClient} />
        <ChoiceSelect label="Target" value={settings.target} choices={TARGET_IDS} onChange={(t) => set('target', t)} />
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
          Agent tools (a count, or names separated by commas)
          <input value={settings.agentTools} onChange={(e) => set('agentTools', e.target.value)} aria-label="Agent tools" placeholder="56" />
        </label>
        <label className={`field ${styles.grow}`}>
          Retrieve query
          <input
            type="search"
            value={settings.query}
            onChange={(e) => set('query', e.target.value)}
            aria-label="Retrieve query"
            placeholder="e.g. open a pull request"
          />
        </label>
      </div>
      <DeferralControls client={client} values={settings.deferral} onChange={(next) => set('deferral', next)} />
      <div className={`row ${styles.controls}`}>
        {(Object.keys(LIMIT_LABELS) as (keyof SurfaceLimits)[]).map((key) => (
          <label className="field" key={key}>
            {LIMIT_LABELS[key]}
            <input
              type="number"
              min={key === 'maxActivatedToolsPerSession' || key === 'maxPinnedServers' ? 0 : 1}
              value={settings.limits[key]}
              onChange={(e) => set('limits', { ...settings.limits, [key]: e.target.value })}
              aria-label={LIMIT_LABELS[key]}
              className={styles.narrow}
            />
          </label>
        ))}
      </div>
    </Card>
  );
}

'use client';

import { ChoiceSelect } from '@/components/ui/choice-select';
import type { ClientId } from '@/lib/surface/clients';
import {
  ASSUMED_CONTEXT_WINDOW,
  CLAUDE_AUTO_PERCENT,
  CLAUDE_TOOL_SEARCH,
  CLIENT_DEFERRAL,
  type ClaudeToolSearch,
  MODEL_LABELS,
  type ModelFamily,
  PROVIDER_SEARCH_LABELS,
  PROVIDER_SEARCHES,
  type ProviderSearch,
} from '@/lib/surface/deferral';
import styles from './preview-controls.module.css';

/** The model and tool-search settings as typed; empty text falls back to the client's default. */
export interface DeferralControlValues {
  /** Empty: the model a user of the client gets today. */
  model: ModelFamily | '';
  toolSearch: ClaudeToolSearch;
  toolSearchPercent: string;
  contextWindow: string;
  serverAlwaysLoad: boolean;
  providerSearch: ProviderSearch;
}

export const DEFAULT_DEFERRAL_CONTROLS: DeferralControlValues = {
  model: '',
  toolSearch: 'on',
  toolSearchPercent: String(CLAUDE_AUTO_PERCENT),
  contextWindow: String(ASSUMED_CONTEXT_WINDOW),
  serverAlwaysLoad: false,
  providerSearch: 'none',
};

const TOOL_SEARCH_LABELS: Record<ClaudeToolSearch, string> = {
  on: 'On (unset or true: defer every MCP tool)',
  auto: 'auto:N (defer past N % of the context window)',
  off: 'Off (false: load every tool)',
};

/** The query parameters for the settings the client uses; the others are left to their defaults. */
export function deferralParams(client: ClientId, values: DeferralControlValues): Record<string, string | undefined> {
  const uses = new Set(CLIENT_DEFERRAL[client].settings);
  const auto = uses.has('toolSearch') && values.toolSearch === 'auto';
  const digits = (text: string) => (/^\d+$/.test(text.trim()) ? text.trim() : undefined);
  return {
    model: uses.has('model') && values.model !== '' ? values.model : undefined,
    toolSearch: uses.has('toolSearch') ? values.toolSearch : undefined,
    toolSearchPercent: auto ? digits(values.toolSearchPercent) : undefined,
    contextWindow: auto ? digits(values.contextWindow) : undefined,
    serverAlwaysLoad: uses.has('serverAlwaysLoad') && values.serverAlwaysLoad ? 'true' : undefined,
    providerSearch: uses.has('providerSearch') ? values.providerSearch : undefined,
  };
}

/** Only the settings that change what this client defers: the model it runs, and its tool search. */
export function DeferralControls({
  client,
  values,
  onChange,
}: {
  client: ClientId;
  values: DeferralControlValues;
  onChange: (next: DeferralControlValues) => void;
}) {
  const { models, settings } = CLIENT_DEFERRAL[client];
  const uses = new Set(settings);
  const set = <K extends keyof DeferralControlValues>(key: K, value: DeferralControlValues[K]) => onChange({ ...values, [key]: value });
  if (settings.length === 0 && models.length <= 1) return null;
  const model = values.model !== '' && models.includes(values.model) ? values.model : models[0];
  return (
    <div className={`row ${styles.controls}`} data-testid="deferral-controls">
      {uses.has('model') && model ? (
        <ChoiceSelect label="Model" value={model} choices={models} optionLabel={(m) => MODEL_LABELS[m]} onChange={(m) => set('model', m)} />
      ) : null}
      {uses.has('toolSearch') ? (
        <ChoiceSelect
          label="Tool search (ENABLE_TOOL_SEARCH)"
          value={values.toolSearch}
          choices={CLAUDE_TOOL_SEARCH}
          optionLabel={(c) => TOOL_SEARCH_LABELS[c]}
          onChange={(c) => set('toolSearch', c)}
        />
      ) : null}
      {uses.has('toolSearch') && values.toolSearch === 'auto' ? (
        <>
          <label className="field">
            N (% of the context window)
            <input
              type="number"
              min={0}
              max={100}
              value={values.toolSearchPercent}
              onChange={(e) => set('toolSearchPercent', e.target.value)}
              className={styles.narrow}
            />
          </label>
          <label className="field">
            Context window (tokens, assumed)
            <input type="number" min={1000} value={values.contextWindow} onChange={(e) => set('contextWindow', e.target.value)} className={styles.narrow} />
          </label>
        </>
      ) : null}
      {uses.has('serverAlwaysLoad') ? (
        <label className="field">
          <span>
            <input type="checkbox" checked={values.serverAlwaysLoad} onChange={(e) => set('serverAlwaysLoad', e.target.checked)} /> "alwaysLoad": true on
            favindex in .mcp.json
          </span>
        </label>
      ) : null}
      {uses.has('providerSearch') ? (
        <ChoiceSelect
          label="Provider tool search"
          value={values.providerSearch}
          choices={PROVIDER_SEARCHES}
          optionLabel={(p) => PROVIDER_SEARCH_LABELS[p]}
          onChange={(p) => set('providerSearch', p)}
        />
      ) : null}
    </div>
  );
}

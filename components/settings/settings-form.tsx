'use client';

import { useState } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { useUnsavedChangesGuard } from '@/components/ui/use-unsaved-changes-guard';
import { ARGUMENT_CHECK_MODES } from '@/lib/arguments/classes';
import { ARGUMENT_CHECK_LABELS, ARGUMENT_CHECK_WORDS } from '@/lib/arguments/labels';
import { stableStringify } from '@/lib/stable-json';
import { NAMING_SCHEMES, SURFACE_MODES, type SurfaceConfig, TARGET_IDS } from '@/lib/schemas/surface-config';
import { configOf, draftOf, LIMIT_FIELDS, rebaseDraft, type SettingsDraft } from './settings-draft';
import styles from './settings.module.css';
import { modeName, modePlain, modeTitle } from '@/lib/surface/mode-traits';
import { FIELD_WORDS, fieldLabel, NAMING_WORDS, targetLabel } from './surface-fields';
import { SurfaceChangePanel } from './surface-change-panel';
import { useSurfaceChange } from './use-surface-change';

/** A field with its one line of plain words under it, and its problem when the value cannot be saved. */
function Field({ path, problem, children }: { path: string; problem?: string; children: React.ReactNode }) {
  const words = FIELD_WORDS[path];
  return (
    <div className={styles.field} data-field={path}>
      {children}
      <p id={`help-${path}`} className="small muted">
        {words?.help}
      </p>
      {problem ? (
        <p className="small tone-danger" role="alert">
          {words?.label}: {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A field whose value is one of `choices`, picked in a select labelled with the field's words; `children` say more under it. */
function ChoiceField<T extends string>({
  path,
  value,
  choices,
  optionLabel,
  onChange,
  children,
}: {
  path: string;
  value: T;
  choices: readonly T[];
  optionLabel?: (choice: T) => string;
  onChange: (choice: T) => void;
  children?: React.ReactNode;
}) {
  return (
    <Field path={path}>
      <ChoiceSelect label={fieldLabel(path)} value={value} choices={choices} optionLabel={optionLabel} onChange={onChange} />
      {children}
    </Field>
  );
}

function NumberField({ path, value, problem, onChange }: { path: string; value: string; problem?: string; onChange: (v: string) => void }) {
  return (
    <Field path={path} problem={problem}>
      <label className="field">
        {FIELD_WORDS[path]?.label}
        <input
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`help-${path}`}
          aria-invalid={problem ? true : undefined}
        />
      </label>
    </Field>
  );
}

/**
 * The project's mode, names, provider and limits. Nothing is saved as the fields change: Review
 * shows what every connected client would receive, and only Apply saves it.
 */
export function SettingsForm({ projectId, surface }: { projectId: string; surface: SurfaceConfig }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(surface));
  // A config saved meanwhile (this form's apply, an undo, someone else's change that the page
  // fetched) moves the form to it, with this person's unsaved edits made again over it.
  const [seen, setSeen] = useState(surface);
  if (stableStringify(seen) !== stableStringify(surface)) {
    setSeen(surface);
    setDraft(rebaseDraft(draftOf(seen), draft, draftOf(surface)));
  }
  const change = useSurfaceChange(projectId, surface);
  useUnsavedChangesGuard(stableStringify(draft) !== stableStringify(draftOf(surface)), 'Settings');
  const result = configOf(surface, draft);
  const problems = result.problems ?? new Map<string, string>();
  const edit = (next: Partial<SettingsDraft>) => {
    if (change.asking) change.cancel();
    setDraft({ ...draft, ...next });
  };
  return (
    <Card aria-labelledby="settings-heading" data-testid="settings-form">
      <CardHeader id="settings-heading" title="What clients receive" note="changes are saved only after you review and apply them" />
      <form
        aria-labelledby="settings-heading"
        onSubmit={(e) => {
          e.preventDefault();
          if (result.config) change.ask(result.config);
        }}
      >
        <div className={styles.fields}>
          <ChoiceField path="mode" value={draft.mode} choices={SURFACE_MODES} optionLabel={modeTitle} onChange={(mode) => edit({ mode })}>
            <p className="small" data-testid="mode-words">
              {modePlain(draft.mode)}
              {modeName(draft.mode) === draft.mode ? null : (
                <span className="muted">
                  {' '}
                  In YAML and the API it is <code>mode: {draft.mode}</code>.
                </span>
              )}
            </p>
          </ChoiceField>
          <ChoiceField
            path="naming"
            value={draft.naming}
            choices={NAMING_SCHEMES}
            optionLabel={(n) => NAMING_WORDS[n]}
            onChange={(naming) => edit({ naming })}
          />
          <ChoiceField
            path="argumentChecks"
            value={draft.argumentChecks}
            choices={ARGUMENT_CHECK_MODES}
            optionLabel={(m) => ARGUMENT_CHECK_LABELS[m]}
            onChange={(argumentChecks) => edit({ argumentChecks })}
          >
            <p className="small" data-testid="argument-check-words">
              {ARGUMENT_CHECK_WORDS[draft.argumentChecks]}
            </p>
          </ChoiceField>
          <ChoiceField path="target" value={draft.target} choices={TARGET_IDS} optionLabel={targetLabel} onChange={(target) => edit({ target })} />
          {draft.target === 'custom' ? (
            <NumberField path="customCap" value={draft.customCap} problem={problems.get('customCap')} onChange={(customCap) => edit({ customCap })} />
          ) : null}
          <NumberField path="toolBudget" value={draft.toolBudget} problem={problems.get('toolBudget')} onChange={(toolBudget) => edit({ toolBudget })} />
          {LIMIT_FIELDS.map((f) => (
            <NumberField
              key={f}
              path={`limits.${f}`}
              value={draft.limits[f]}
              problem={problems.get(`limits.${f}`)}
              onChange={(v) => edit({ limits: { ...draft.limits, [f]: v } })}
            />
          ))}
          <Field path="alwaysLoadFavourites">
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.alwaysLoadFavourites}
                onChange={(e) => edit({ alwaysLoadFavourites: e.target.checked })}
                aria-describedby="help-alwaysLoadFavourites"
              />
              {FIELD_WORDS.alwaysLoadFavourites?.label}
            </label>
          </Field>
        </div>
        <div className="row">
          <button ref={change.opener} type="submit" className="primary" aria-disabled={!result.config || undefined} data-testid="settings-review">
            Review the change…
          </button>
          <button type="button" onClick={() => edit(draftOf(surface))}>
            Reset the form
          </button>
        </div>
        <SurfaceChangePanel change={change} label="Save these settings" />
      </form>
    </Card>
  );
}

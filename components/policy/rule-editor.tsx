'use client';

import { ChoiceSelect } from '@/components/ui/choice-select';
import { POLICY_EFFECTS } from '@/lib/schemas/policy';
import { type DraftRule, moved, newRule, type PolicyDraft } from './policy-draft';
import styles from './policy.module.css';
import { RuleRow } from './rule-row';

interface Props {
  draft: PolicyDraft;
  onDraft: (draft: PolicyDraft) => void;
  /** 'token:<name>' and 'client:<name>' the rules can be for. */
  identities: string[];
}

/** The default and the ordered rules, each editable in place; nothing here talks to the API. */
export function RuleEditor({ draft, onDraft, identities }: Props) {
  const setRules = (rules: DraftRule[]) => onDraft({ ...draft, rules });
  return (
    <div data-testid="rule-editor">
      <p className="small muted">
        Rules are read from the top: the first rule that matches a tool and whoever is asking decides. A tool no rule matches gets the default, and so does a
        tool a server adds later. A rule that names no tools and asks nothing of them takes in its servers whole: their prompts and resources too.
      </p>
      <ChoiceSelect
        label="A tool no rule matches is"
        name="Default for tools no rule matches"
        value={draft.default}
        choices={POLICY_EFFECTS}
        optionLabel={(e) => (e === 'allow' ? 'allowed' : 'denied')}
        onChange={(effect) => onDraft({ ...draft, default: effect })}
      />
      {draft.rules.length === 0 ? (
        <p className="small" data-testid="no-rules">
          No rules yet: every tool is {draft.default === 'allow' ? 'allowed' : 'denied'} for everyone.
        </p>
      ) : (
        <ol className={styles.rules} aria-label="Rules, first match decides">
          {draft.rules.map((rule, i) => (
            <RuleRow
              key={rule.key}
              rule={rule}
              place={i + 1}
              count={draft.rules.length}
              identities={identities}
              onChange={(next) => setRules(draft.rules.map((r) => (r.key === rule.key ? next : r)))}
              onMove={(by) => setRules(moved(draft.rules, i, by))}
              onRemove={() => setRules(draft.rules.filter((r) => r.key !== rule.key))}
            />
          ))}
        </ol>
      )}
      <button type="button" onClick={() => setRules([...draft.rules, newRule()])}>
        Add a rule
      </button>
    </div>
  );
}

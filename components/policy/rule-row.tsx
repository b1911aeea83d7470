'use client';

import { useId, useState } from 'react';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { POLICY_ANNOTATIONS, POLICY_EFFECTS } from '@/lib/schemas/policy';
import { ANNOTATION_WORDS, type DraftRule, identityWords, ruleOf, ruleSentence, WANTED, type Wanted } from './policy-draft';
import styles from './policy.module.css';
import { useTokenNames } from './token-names';

const WANTED_WORDS: Record<Wanted, string> = { any: 'Any', yes: 'Yes', no: 'No' };

/** The rule's two lists of names or patterns, each typed in one text field (commas or spaces between them). */
const PATTERN_FIELDS = [
  { field: 'tools', label: 'Tools (names or patterns, e.g. github/delete_*)', placeholder: 'every tool' },
  { field: 'servers', label: 'Servers (names or patterns)', placeholder: 'every server' },
] as const;

interface Props {
  rule: DraftRule;
  /** 1-based, as the page and the API's reasons count rules. */
  place: number;
  count: number;
  /** Every identity the editor can offer: the project's tokens, the clients seen or named. */
  identities: string[];
  onChange: (rule: DraftRule) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}

/** One rule, field by field, with its sentence above so the author reads what it will do. */
export function RuleRow({ rule, place, count, identities, onChange, onMove, onRemove }: Props) {
  const [client, setClient] = useState('');
  const claimed = useId();
  const tokens = useTokenNames();
  const set = (patch: Partial<DraftRule>) => onChange({ ...rule, ...patch });
  const offered = [...new Set([...identities, ...rule.identities])];
  const toggle = (identity: string, on: boolean) => set({ identities: on ? [...rule.identities, identity] : rule.identities.filter((i) => i !== identity) });
  const addClient = () => {
    const name = client.trim();
    if (name && !rule.identities.includes(`client:${name}`)) set({ identities: [...rule.identities, `client:${name}`] });
    setClient('');
  };
  const label = `Rule ${place}`;
  return (
    <li className={styles.rule} data-testid="policy-rule" aria-label={label}>
      <div className="row">
        <strong>{label}</strong>
        <span className="small" data-testid="rule-sentence">
          {ruleSentence(ruleOf(rule), tokens)}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="small"
          aria-label={`Move rule ${place} up`}
          aria-disabled={place === 1 || undefined}
          onClick={() => place > 1 && onMove(-1)}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="small"
          aria-label={`Move rule ${place} down`}
          aria-disabled={place === count || undefined}
          onClick={() => place < count && onMove(1)}
        >
          ↓ Down
        </button>
        <button type="button" className="small" aria-label={`Remove rule ${place}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <div className={styles.fields}>
        <ChoiceSelect
          label="What it does"
          name={`Rule ${place}: what it does`}
          value={rule.effect}
          choices={POLICY_EFFECTS}
          optionLabel={(e) => (e === 'allow' ? 'Allow the tools' : 'Deny the tools')}
          onChange={(effect) => set({ effect })}
        />
        {PATTERN_FIELDS.map(({ field, label, placeholder }) => (
          <label key={field} className="field">
            {label}
            <input
              aria-label={`Rule ${place}: ${field}`}
              value={rule[field]}
              placeholder={placeholder}
              spellCheck={false}
              onChange={(e) => set({ [field]: e.target.value })}
            />
          </label>
        ))}
        {POLICY_ANNOTATIONS.map((a) => (
          <ChoiceSelect
            key={a}
            label={`${ANNOTATION_WORDS[a].label}?`}
            name={`Rule ${place}: ${ANNOTATION_WORDS[a].label.toLowerCase()}`}
            value={rule.annotations[a]}
            choices={WANTED}
            optionLabel={(w) => WANTED_WORDS[w]}
            onChange={(w) => set({ annotations: { ...rule.annotations, [a]: w } })}
          />
        ))}
      </div>
      <fieldset className={styles.whom}>
        <legend>For whom (none ticked: everyone)</legend>
        {offered.map((identity) => (
          <label key={identity} className={styles.check}>
            <input
              type="checkbox"
              checked={rule.identities.includes(identity)}
              onChange={(e) => toggle(identity, e.target.checked)}
              aria-label={`Rule ${place}: ${identityWords(identity, tokens)}`}
            />
            {identityWords(identity, tokens)}
          </label>
        ))}
        <p className="small muted" id={claimed} data-testid="client-claimed">
          A client is the name the program gives itself when it connects: any program can claim any name, so renaming a client escapes a rule for it. To hold an
          agent to a rule, give it a token of its own and write the rule for that token.
        </p>
        <span className="row">
          <input
            aria-label={`Rule ${place}: another client by name`}
            aria-describedby={claimed}
            placeholder="a client by name, e.g. codex"
            value={client}
            onChange={(e) => setClient(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addClient();
              }
            }}
          />
          <button type="button" className="small" onClick={addClient} aria-disabled={!client.trim() || undefined}>
            Add client
          </button>
        </span>
      </fieldset>
      <label className="field">
        Why (shown wherever the rule hides a tool)
        <input aria-label={`Rule ${place}: why`} value={rule.note} maxLength={500} onChange={(e) => set({ note: e.target.value })} />
      </label>
    </li>
  );
}

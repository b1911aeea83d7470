import { DiffView } from '@/components/yaml/yaml-plan';
import type { IdentityChange, PolicyWriteResult } from '@/lib/contracts/policy';
import { countOf } from '@/lib/format';
import { identityWords } from './policy-draft';
import styles from './policy.module.css';
import { useTokenNames } from './token-names';

function Tools({ side, names, who }: { side: 'gained' | 'lost'; names: string[]; who: string }) {
  if (names.length === 0) return null;
  return (
    <details open={names.length <= 10}>
      <summary className={`small ${side === 'gained' ? 'tone-ok' : 'tone-danger'}`}>
        {side === 'gained' ? '+' : '−'} {side === 'gained' ? 'may now use' : 'may no longer use'} {countOf(names.length, 'tool')}
      </summary>
      <ul className={`small mono ${styles.names}`} aria-label={`Tools ${who} ${side}`}>
        {names.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </details>
  );
}

function Change({ change }: { change: IdentityChange }) {
  const who = identityWords(change.identity, useTokenNames());
  return (
    <li data-testid="policy-change" data-identity={change.identity}>
      <strong className="small">{who[0]?.toUpperCase() + who.slice(1)}</strong>
      <Tools side="lost" names={change.lost} who={who} />
      <Tools side="gained" names={change.gained} who={who} />
    </li>
  );
}

/** A dry run of the policy, readable: the YAML before → after, who gains and loses which tools, and what looks wrong. */
export function PolicyReview({ result }: { result: PolicyWriteResult }) {
  if (!result.changed) {
    return (
      <p className="small" data-testid="policy-review">
        This is the policy already in force: saving would change nothing.
      </p>
    );
  }
  return (
    <div data-testid="policy-review">
      {result.warnings.length > 0 ? (
        <ul className={`small ${styles.changes}`} aria-label="Warnings" data-testid="policy-warnings">
          {result.warnings.map((w) => (
            <li key={`${w.path}:${w.message}`} className="tone-warn">
              <code>{w.path}</code> {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      {result.identities.length === 0 ? (
        <p className="small">No one gains or loses a tool of the catalog by this change.</p>
      ) : (
        <ul className={styles.changes} aria-label="Who gains and loses tools">
          {result.identities.map((c) => (
            <Change key={c.identity} change={c} />
          ))}
        </ul>
      )}
      {result.diff ? <DiffView diff={result.diff} /> : null}
    </div>
  );
}

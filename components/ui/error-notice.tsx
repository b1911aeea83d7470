import { ApiClientError } from '@/lib/api-client';
import { Alert } from './alert';
import styles from './error-notice.module.css';

/** `§favourites` → `/docs/rules#favourites`: each rule has its own anchor there (docs/rules.md). */
export function ruleHref(rule: string): string {
  return `/docs/rules#${encodeURIComponent(rule.replace(/^§/, ''))}`;
}

/** Say what went wrong and what to do about it, from the API's error envelope, with the rule it cites. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const envelope = error instanceof ApiClientError ? error.envelope : null;
  return (
    <Alert tone="error" role="alert">
      <strong>{envelope ? envelope.message : 'Could not reach the favindex API.'}</strong>
      {envelope?.suggested_action ? <div className="small">{envelope.suggested_action}</div> : null}
      {envelope?.cited_rule ? (
        <div className={`small ${styles.rule}`}>
          See <a href={ruleHref(envelope.cited_rule)}>{envelope.cited_rule}</a>
        </div>
      ) : null}
      {onRetry ? (
        <div className={styles.retry}>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { ApiClientError } from '@/components/api/fetch';
import { type ListedIssue, listedIssues } from '@/lib/contracts/error-details';
import type { ErrorEnvelope } from '@/lib/contracts/errors';
import { Alert } from './alert';
import styles from './error-notice.module.css';

/** `§favourites` → `/docs/rules#favourites`: each rule has its own anchor there (docs/rules.md). */
export function ruleHref(rule: string): string {
  return `/docs/rules#${encodeURIComponent(rule.replace(/^§/, ''))}`;
}

const SHOWN_FIELDS = 5;

/** The field problems of a 422 (`details: [{path, message}]`), already in plain words from the API; YAML lines are the editor's. */
function fieldProblems(envelope: ErrorEnvelope | null): ListedIssue[] {
  return listedIssues(envelope).filter((issue) => !('line' in issue));
}

/** Say what went wrong and what to do about it, from the API's error envelope, with the rule it cites. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const envelope = error instanceof ApiClientError ? error.envelope : null;
  // The message names the first problem; when there are more, each is listed.
  const fields = fieldProblems(envelope);
  return (
    <Alert tone="error" role="alert">
      <strong>{envelope ? envelope.message : 'Could not reach the favindex API.'}</strong>
      {fields.length > 1 ? (
        <ul className={`small ${styles.fields}`}>
          {fields.slice(0, SHOWN_FIELDS).map((f) => (
            <li key={`${f.path}:${f.message}`}>{f.path ? `${f.path}: ${f.message}` : f.message}</li>
          ))}
          {fields.length > SHOWN_FIELDS ? <li>and {fields.length - SHOWN_FIELDS} more</li> : null}
        </ul>
      ) : null}
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

/** Under a form: what its last submit got wrong, once it failed; nothing before. */
export function SubmitError({ write, children }: { write: { isError: boolean; error: unknown }; children?: ReactNode }) {
  if (!write.isError) return null;
  return (
    <div className={styles.submit}>
      <ErrorNotice error={write.error} />
      {children}
    </div>
  );
}

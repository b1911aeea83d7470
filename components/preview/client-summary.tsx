import { countOf } from '@/lib/format';
import type { PreviewResponse } from '@/lib/contracts/preview';
import styles from './client-summary.module.css';

/** How the client makes the names the model receives, what is known of it, and what is not. */
export function ClientSummary({ client }: { client: PreviewResponse['client'] }) {
  if (client.id === 'raw') {
    return (
      <p className="small muted" data-testid="client-summary">
        Names as the proxy presents them ({client.naming} naming); pick a client to see what the model receives through it.
      </p>
    );
  }
  const unknown = client.facts.filter((f) => !f.known);
  return (
    <details className={`small ${styles.summary}`} data-testid="client-summary">
      <summary>
        Through {client.label}: the model receives <span className="mono">{client.composition}</span> ({client.naming} naming)
        {unknown.length > 0 ? <span className="muted"> · {countOf(unknown.length, 'thing')} not known</span> : null}
      </summary>
      <ul>
        {client.facts.map((fact) => (
          <li key={fact.text} className={fact.known ? undefined : styles.unknown}>
            {fact.known ? null : <strong>Not known: </strong>}
            {fact.text}
          </li>
        ))}
      </ul>
    </details>
  );
}

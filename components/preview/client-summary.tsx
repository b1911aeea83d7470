import { countOf } from '@/lib/format';
import type { PreviewResponse } from '@/lib/contracts/preview';
import styles from './client-summary.module.css';

/** How the client makes the names the model receives and what it defers: what is known of it (with sources), and what is not. */
export function ClientSummary({ client }: { client: PreviewResponse['client'] }) {
  const unknown = client.facts.filter((f) => !f.known);
  return (
    <>
      <p className="small" data-testid="client-fit">
        Fits this view: <strong>{client.fits.mode}</strong> mode. {client.fits.why}
      </p>
      <details className={`small ${styles.summary}`} data-testid="client-summary">
        <summary>
          {client.id === 'raw' ? (
            <>Names as the proxy presents them ({client.naming} names); pick a client to see what the model receives through it.</>
          ) : (
            <>
              Through {client.label}: the model receives <span className="mono">{client.composition}</span> ({client.naming} names)
            </>
          )}
          {unknown.length > 0 ? (
            <span className="muted" title="Things about this client nobody has published or confirmed: the preview says what it assumes for each.">
              {' '}
              · {countOf(unknown.length, 'thing')} unconfirmed
            </span>
          ) : null}
        </summary>
        <p className="muted">
          Each line says what this client does to the tool list, with where that comes from. An unconfirmed line is one nobody has published: the preview says
          what it assumes.
        </p>
        <ul data-testid="client-facts">
          {client.facts.map((fact) => (
            <li key={fact.text} className={fact.known ? undefined : styles.unknown}>
              {fact.known ? null : <strong>Unconfirmed: </strong>}
              {fact.text}
              {fact.source ? <span className={`muted ${styles.source}`}> — {fact.source}</span> : null}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

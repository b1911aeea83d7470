import { countOf } from '@/lib/format';
import type { PreviewResponse } from '@/lib/contracts/preview';
import type { ProjectView } from '@/lib/contracts/projects';
import { modeName } from '@/lib/surface/mode-traits';
import styles from './client-summary.module.css';
import { FixAction } from './verdict-view';

/**
 * How the client makes the names the model receives and what it defers: the mode that fits it,
 * with the change to it where the project uses another, what is known of the client (with
 * sources), and what is not.
 */
export function ClientSummary({ client, project }: { client: PreviewResponse['client']; project: ProjectView }) {
  const unknown = client.facts.filter((f) => !f.known);
  const fits = client.fits.mode;
  return (
    <>
      <div className={`small ${styles.fit}`} data-testid="client-fit">
        <p>
          Fits this view: <strong>{modeName(fits)}</strong> mode. {client.fits.why}
          {fits === project.surface.mode ? <span data-testid="client-fit-in-use"> The project uses it.</span> : null}
        </p>
        {fits === project.surface.mode ? null : <FixAction fix={{ kind: 'mode', mode: fits, label: `Use ${modeName(fits)} mode` }} project={project} />}
      </div>
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
            <span className="muted" data-testid="client-assumed">
              {' '}
              · {countOf(unknown.length, 'behaviour')} of {client.label} nobody has published, so assumed: open to see which
            </span>
          ) : null}
        </summary>
        <p className="muted">
          Each line says what this client does to the tool list, with where that comes from. A line marked “Assumed” is one nobody has published: the preview
          goes by what it says there until someone confirms it.
        </p>
        <ul data-testid="client-facts">
          {client.facts.map((fact) => (
            <li key={fact.text} className={fact.known ? undefined : styles.unknown}>
              {fact.known ? null : <strong>Assumed: </strong>}
              {fact.text}
              {fact.source ? <span className={`muted ${styles.source}`}> — {fact.source}</span> : null}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

import { formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import type { UnresolvedUsage } from '@/lib/usage/report';

/** Names no catalog or favourite could resolve: kept, counted, and resolved again when the catalog changes (§names). */
export function UnresolvedPanel({ names, total }: { names: UnresolvedUsage[]; total: number }) {
  return (
    <section className="card" aria-labelledby="unresolved-heading" data-testid="unresolved-panel">
      <div className="card-header">
        <h2 id="unresolved-heading">Unresolved names</h2>
        <span className={`badge${total > 0 ? ' danger' : ''}`}>{formatNumber(total)} calls</span>
      </div>
      {names.length === 0 ? (
        <div className="empty">Every call in this window resolved to a catalog tool or a meta tool.</div>
      ) : (
        <>
          <p className="small muted">
            These calls are kept. Upload the missing server&apos;s catalog, or fix the favourites, and they are counted under their tools.
          </p>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Presented name</th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Why it did not resolve</th>
                </tr>
              </thead>
              <tbody>
                {names.map((n) => (
                  <tr key={n.name}>
                    <td className="mono">{n.name}</td>
                    <td className="num">{formatNumber(n.calls)}</td>
                    <td className="small nowrap" title={formatDateTime(n.lastUsed)}>
                      {formatRelative(n.lastUsed)}
                    </td>
                    <td className="small">{n.reason ?? <span className="muted">its raw events are past retention</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

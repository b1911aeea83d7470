'use client';

import { useMemo, useState } from 'react';
import { formatDateTime, formatNumber, formatPercent, formatRelative } from '@/lib/format';
import { compareUsage, type RankedTool } from '@/lib/usage/rank';

type SortKey = 'rank' | 'tool' | 'calls' | 'errors' | 'sessions' | 'lastUsed' | 'share' | 'pinned';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean; title?: string }[] = [
  { key: 'rank', label: '#', numeric: true },
  { key: 'pinned', label: '★', title: 'pinned in the favourites' },
  { key: 'tool', label: 'Tool' },
  { key: 'calls', label: 'Calls', numeric: true },
  { key: 'errors', label: 'Errors', numeric: true },
  { key: 'sessions', label: 'Sessions', numeric: true, title: 'distinct sessions per UTC day, summed over the window' },
  { key: 'lastUsed', label: 'Last used' },
  { key: 'share', label: 'Share', numeric: true },
];

function compareBy(key: SortKey): (a: RankedTool, b: RankedTool) => number {
  switch (key) {
    case 'tool':
      return (a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0);
    case 'lastUsed':
      return (a, b) => (a.lastUsed ?? '').localeCompare(b.lastUsed ?? '');
    case 'pinned':
      return (a, b) => Number(a.pinned) - Number(b.pinned);
    case 'share':
    case 'rank':
      return (a, b) => a.rank - b.rank;
    default:
      return (a, b) => a[key] - b[key];
  }
}

/** Where a click on a column starts: big numbers and recent dates first, names and ranks ascending. */
function firstDirection(key: SortKey): 'ascending' | 'descending' {
  return key === 'tool' || key === 'rank' ? 'ascending' : 'descending';
}

/** Every tool of the window with all its figures; any column sorts, ties fall back to the ranking. */
export function ToolsTable({ rows }: { rows: RankedTool[] }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'ascending' | 'descending' }>({ key: 'rank', direction: 'ascending' });
  const sorted = useMemo(() => {
    const compare = compareBy(sort.key);
    const sign = sort.direction === 'ascending' ? 1 : -1;
    // The share sorts like the rank, reversed: the biggest share is rank 1.
    const flip = sort.key === 'share' ? -1 : 1;
    return [...rows].sort((a, b) => sign * flip * compare(a, b) || compareUsage(a, b));
  }, [rows, sort]);

  function toggle(key: SortKey) {
    setSort((current) =>
      current.key === key ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: firstDirection(key) },
    );
  }

  return (
    <section className="card" aria-labelledby="tools-heading">
      <div className="card-header">
        <h2 id="tools-heading">All tools</h2>
        <span className="muted small">{formatNumber(rows.length)} tools used</span>
      </div>
      <div className="table-scroll">
        <table className="table" data-testid="usage-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={sort.key === c.key ? sort.direction : 'none'} title={c.title}>
                  <button type="button" className="sort" onClick={() => toggle(c.key)}>
                    {c.label}
                    <span aria-hidden="true">{sort.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="num" title="share of the tools ranked up to this one">
                Cumulative
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={r.tool}>
                <td className="num muted">{r.rank}</td>
                <td>
                  {r.pinned ? (
                    <span className="star" role="img" aria-label="pinned">
                      ★
                    </span>
                  ) : null}
                </td>
                <td className="mono">
                  {r.tool}{' '}
                  {r.inCatalog ? null : (
                    <span className="badge warn" title="not in the project's current catalog">
                      not in catalog
                    </span>
                  )}
                </td>
                <td className="num">{formatNumber(r.calls)}</td>
                <td className={`num${r.errors > 0 ? ' error-count' : ' muted'}`}>{formatNumber(r.errors)}</td>
                <td className="num">{formatNumber(r.sessions)}</td>
                <td className="small nowrap" title={r.lastUsed ? formatDateTime(r.lastUsed) : undefined}>
                  {r.lastUsed ? formatRelative(r.lastUsed) : '—'}
                </td>
                <td className="num">{formatPercent(r.share)}</td>
                <td className="num muted">{formatPercent(r.cumulativeShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

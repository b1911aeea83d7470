'use client';

import { useState } from 'react';
import { ErrorNotice, SkeletonRows } from '@/components/ui/query-state';
import { firstLine, formatNumber } from '@/lib/format';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';

/** The exact ordered list of one mode, with canonical names and what the target rejects; copyable as JSON. */
export function ModeDetail({ preview, loading, error, onRetry }: { preview: ModePreview | null; loading: boolean; error: unknown; onRetry: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  if (error) return <ErrorNotice error={error} onRetry={onRetry} />;
  if (!preview)
    return (
      <section className="card" id="mode-detail">
        {loading ? <SkeletonRows rows={6} label="Loading the list" /> : null}
      </section>
    );
  // Agent tools given as a count come first and have no names: one row stands for them all.
  const placeholders = preview.tools.filter((t) => t.placeholder).length;
  const problems = new Map<string, string[]>();
  for (const p of preview.problems) problems.set(p.name, [...(problems.get(p.name) ?? []), p.message]);
  const copy = async () => {
    const text = JSON.stringify(preview.tools.map(toJson), null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${preview.tools.length} tools as JSON`);
    } catch {
      setCopied('The browser refused the clipboard; select the list below instead');
    }
  };
  return (
    <section className="card" id="mode-detail" aria-labelledby="mode-detail-heading" data-testid="mode-detail">
      <div className="card-header">
        <h2 id="mode-detail-heading">
          <span className="mono">{preview.mode}</span>: {formatNumber(preview.count)} tools, in order
        </h2>
        <div className="row">
          {copied ? (
            <span className="small muted" role="status">
              {copied}
            </span>
          ) : null}
          <button type="button" onClick={copy} disabled={loading}>
            Copy as JSON
          </button>
        </div>
      </div>
      {preview.instruction !== null ? (
        <div className="alert" data-testid="instruction">
          <div className="small muted">Instruction sent with the list</div>
          <div>{preview.instruction}</div>
        </div>
      ) : null}
      {preview.leftOut.length > 0 ? (
        <div className="alert warn">
          <strong>Left out ({preview.leftOut.length})</strong>
          <ul className="small plain-list">
            {preview.leftOut.map((l) => (
              <li key={`${l.canonical}-${l.reason}`}>
                <span className="mono">{l.canonical}</span>: {l.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="table" data-testid="mode-list">
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">Presented name</th>
              <th scope="col">Canonical</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {preview.tools[0]?.placeholder ? (
              <tr>
                <td className="num muted small nowrap">1–{placeholders}</td>
                <td colSpan={3} className="muted">
                  {placeholders} agent tools, given as a count: their names and schemas are the agent&apos;s own
                </td>
              </tr>
            ) : null}
            {preview.tools.slice(placeholders).map((tool, i) => {
              const index = placeholders + i;
              const issues = problems.get(tool.name);
              return (
                <tr key={`${index}-${tool.name}`} className={issues ? 'row-problem' : undefined}>
                  <td className="num muted small">{index + 1}</td>
                  <td className="mono">
                    {tool.name}
                    {issues ? (
                      <div>
                        {issues.map((issue) => (
                          <span key={issue} className="badge danger" title={issue}>
                            {issue.includes('description') ? 'description too long' : issue.includes('twice') ? 'duplicate' : 'name rejected'}
                          </span>
                        ))}
                      </div>
                    ) : null}
                  </td>
                  <td className="mono small">{tool.canonical ?? <span className="muted">{tool.source}</span>}</td>
                  <td className="small muted">{firstLine(tool.description, 140)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function toJson(tool: PreviewTool) {
  if (tool.placeholder) return { name: tool.name, canonical: null, placeholder: true };
  return { name: tool.name, canonical: tool.canonical, description: tool.description ?? null, inputSchema: tool.inputSchema ?? null };
}

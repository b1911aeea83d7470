import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { formatNumber } from '@/lib/format';
import type { ModePreview } from '@/lib/surface/preview';
import { CapBar } from './cap-bar';
import { MODE_SUMMARY } from './mode-info';

interface Props {
  preview: ModePreview;
  warnAbove: number | null;
  configured: boolean;
  open: boolean;
  onOpen: (mode: SurfaceMode) => void;
}

/** One mode at a glance: count against the cap, tokens, and what the target would reject. */
export function ModeCard({ preview, warnAbove, configured, open, onOpen }: Props) {
  const nameProblems = preview.problems.filter((p) => p.field === 'name').length;
  const descriptionProblems = preview.problems.length - nameProblems;
  return (
    <section className={`card mode-card${open ? ' selected' : ''}`} aria-labelledby={`mode-${preview.mode}`} data-testid={`mode-card-${preview.mode}`}>
      <div className="card-header">
        <h2 id={`mode-${preview.mode}`} className="mono">
          {preview.mode}
        </h2>
        {configured ? <span className="badge accent">project mode</span> : null}
      </div>
      <p className="small muted mode-summary">{MODE_SUMMARY[preview.mode]}</p>
      <CapBar count={preview.count} cap={preview.cap} warnAbove={warnAbove} />
      <dl className="mode-facts small">
        <dt>Tokens</dt>
        <dd title={preview.tokens.methodDescription} data-testid="tokens">
          ≈ {formatNumber(preview.tokens.tokens)}
          {preview.tokens.placeholdersExcluded > 0 ? (
            <span className="muted"> (+{formatNumber(preview.tokens.placeholdersExcluded)} agent tools not counted)</span>
          ) : null}
        </dd>
        <dt>Rejected names</dt>
        <dd>{nameProblems > 0 ? <span className="badge danger">{formatNumber(nameProblems)}</span> : <span className="muted">none</span>}</dd>
        {descriptionProblems > 0 ? (
          <>
            <dt>Long descriptions</dt>
            <dd>
              <span className="badge danger">{formatNumber(descriptionProblems)}</span>
            </dd>
          </>
        ) : null}
        <dt>Left out</dt>
        <dd>{preview.leftOut.length > 0 ? <span className="badge warn">{formatNumber(preview.leftOut.length)}</span> : <span className="muted">none</span>}</dd>
      </dl>
      {preview.notes.length > 0 ? (
        <ul className="small muted mode-notes">
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={() => onOpen(preview.mode)} aria-expanded={open} aria-controls="mode-detail">
        {open ? 'Showing the list' : 'Open the list'}
      </button>
    </section>
  );
}

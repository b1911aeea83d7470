import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { cx } from '@/components/ui/class-names';
import { Facts } from '@/components/ui/facts';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { countOf, formatNumber } from '@/lib/format';
import { MODE_TRAITS, modeTitle } from '@/lib/surface/mode-traits';
import type { ModePreview } from '@/lib/surface/preview';
import type { Verdict } from '@/lib/surface/verdict';
import { CapBar } from './cap-bar';
import styles from './mode-card.module.css';
import { FixAction, LostList, VerdictLine } from './verdict-view';

type FixProps = Omit<Parameters<typeof FixAction>[0], 'fix'>;

interface Props {
  preview: ModePreview;
  verdict: Verdict;
  warnAbove: number | null;
  configured: boolean;
  open: boolean;
  onOpen: (mode: SurfaceMode) => void;
  fix: FixProps;
  /** The client and target the list goes through, for the cap bar's sentence; the client is null for names as presented. */
  route?: { client: string | null; target: string };
}

/** One mode at a glance: its verdict first, then the count against the cap, tokens, and what the client and the target would refuse. */
export function ModeCard({ preview, verdict, warnAbove, configured, open, onOpen, fix, route }: Props) {
  const descriptionProblems = preview.longDescriptions;
  const refused = preview.refused.client + preview.refused.provider;
  const client = route?.client ?? 'the client';
  const lines: CountLine[] = [
    {
      key: 'renamed',
      label: 'Renamed',
      count: preview.renamed,
      tone: 'warn',
      help: `Tools whose name ${client} changes or shortens before the model sees it.`,
    },
    {
      key: 'colliding',
      label: 'Colliding',
      count: preview.collisions,
      tone: 'danger',
      help: 'Tools that end up with the same name as another tool: the model cannot tell them apart.',
    },
    {
      key: 'unclear',
      label: 'Names to check',
      count: preview.unknown,
      tone: 'warn',
      help: `Names with characters (such as '/') whose handling by ${client} is not published: it may change or drop them. Open the list to see which.`,
    },
    { key: 'long', label: 'Long descriptions', count: descriptionProblems, tone: 'danger', help: 'Tool descriptions longer than the provider accepts.' },
  ];
  return (
    <Card
      className={cx(styles.card, open && styles.selected)}
      aria-labelledby={`mode-${preview.mode}`}
      data-testid={`mode-card-${preview.mode}`}
      data-verdict={verdict.level}
    >
      <CardHeader id={`mode-${preview.mode}`} title={modeTitle(preview.mode)}>
        {configured ? (
          <Badge tone="accent" data-testid="mode-in-use">
            the project uses this mode
          </Badge>
        ) : null}
      </CardHeader>
      <p className={`small muted ${styles.summary}`}>{MODE_TRAITS[preview.mode].parts}</p>
      <VerdictLine verdict={verdict}>{verdict.fix ? <FixAction fix={verdict.fix} {...fix} /> : null}</VerdictLine>
      <CapBar
        count={preview.visibility.full}
        cap={preview.cap}
        warnAbove={warnAbove}
        deferred={preview.visibility.name + preview.visibility.hidden}
        clientCap={preview.clientCap}
        leftOutByClient={preview.refused.client}
        route={route}
      />
      {preview.requestRefused ? (
        <p className={`small ${styles.refusal}`} data-testid="request-refused">
          {preview.requestRefused.message}
        </p>
      ) : null}
      <VisibilityLine visibility={preview.visibility} />
      <Facts className={cx('small', styles.facts)}>
        <dt title={LINE_HELP.definitions}>All definitions</dt>
        <dd title={preview.tokens.methodDescription} data-testid="tokens">
          ≈ {formatNumber(preview.tokens.tokens)}
          {preview.tokens.placeholdersExcluded > 0 ? (
            <span className="muted"> (+{countOf(preview.tokens.placeholdersExcluded, 'agent tool')} not counted)</span>
          ) : null}
        </dd>
        <dt title={LINE_HELP.refused}>Refused</dt>
        <dd data-testid="refused-count" title={`by the client: ${preview.refused.client}, by the provider: ${preview.refused.provider}`}>
          {refused > 0 ? <Badge tone="danger">{formatNumber(refused)}</Badge> : <span className="muted">none</span>}
          {preview.refused.client > 0 ? <span className="muted"> ({formatNumber(preview.refused.client)} by the client)</span> : null}
        </dd>
        {lines.map((line) => (
          <CountIfAny key={line.key} label={line.label} count={line.count} tone={line.tone} title={line.help} testId={`line-${line.key}`} />
        ))}
        <dt title={LINE_HELP.leftOut}>Left out</dt>
        <dd>
          <LostList verdict={verdict} refusedWhole={preview.requestRefused !== null} />
        </dd>
      </Facts>
      <details className={`small muted ${styles.notes}`} data-testid="card-terms">
        <summary>What these lines mean</summary>
        <ul>
          <li>
            <strong>All definitions</strong>: {LINE_HELP.definitions}
          </li>
          <li>
            <strong>Refused</strong>: {LINE_HELP.refused}
          </li>
          {lines
            .filter((line) => line.count > 0)
            .map((line) => (
              <li key={line.key}>
                <strong>{line.label}</strong>: {line.help}
              </li>
            ))}
          <li>
            <strong>Left out</strong>: {LINE_HELP.leftOut}
          </li>
        </ul>
      </details>
      {preview.notes.length > 0 ? (
        <ul className={`small muted ${styles.notes}`}>
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={() => onOpen(preview.mode)} aria-expanded={open} aria-controls="mode-detail">
        {open ? 'Showing the list' : 'Open the list'}
      </button>
    </Card>
  );
}

/** What the model is shown before any search, and what that and one search cost. */
function VisibilityLine({ visibility: v }: { visibility: ModePreview['visibility'] }) {
  const perSearch = v.tokensPerSearch === null ? null : `~${formatNumber(v.tokensPerSearch)} per search`;
  return (
    <p className={`small ${styles.summary}`} data-testid="visibility-line" title={[v.method, ...v.notes].join(' ')}>
      <strong>{formatNumber(v.full)} loaded</strong> · {formatNumber(v.name)} by name only · {formatNumber(v.hidden)} hidden —{' '}
      <span data-testid="tokens-up-front">{formatNumber(v.tokensUpFront)} tokens up front</span>
      {perSearch ? `, ${perSearch}` : ''}
      {v.search ? <span className="muted"> ({v.search.tool})</span> : null}
    </p>
  );
}

/** Each line of the card in plain words: its tooltip, and the card's "What these lines mean" for a phone. */
const LINE_HELP = {
  definitions: 'About how many tokens the full definitions of these tools take, before anything is deferred.',
  refused: 'Tools the client or the provider will not accept as they are.',
  leftOut: 'Tools the model will not get at all, and why.',
} as const;

interface CountLine {
  key: string;
  label: string;
  count: number;
  tone: 'warn' | 'danger';
  help: string;
}

/** A line of the card only when there is something to count: its label and the count as a badge. */
function CountIfAny({ label, count, tone, title, testId }: { label: string; count: number; tone: 'warn' | 'danger'; title?: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <dt title={title}>{label}</dt>
      <dd title={title} data-testid={testId}>
        <Badge tone={tone}>{formatNumber(count)}</Badge>
      </dd>
    </>
  );
}

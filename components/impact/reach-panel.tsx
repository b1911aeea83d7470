import { Card, CardHeader } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import type { ImpactReach, ImpactSegment, ReachMeasureResult, ReachSegment } from '@/lib/contracts/impact';
import { formatDateTime, formatNumber } from '@/lib/format';
import { REACH_DEFINITIONS, type ReachMeasure } from '@/lib/impact/reach-measures';
import { formatChange, formatMeasure } from './format';
import styles from './impact-page.module.css';
import { compactChange, reachWords, sampleWords, shareWords } from './reach-words';
import { itemAt } from '@/lib/arrays';

const SHORT: Record<ReachMeasure, string> = {
  loadedByChange: 'Used the tools it loaded',
  deferredByChange: 'Used the tools it deferred',
  usedLoaded: 'Used a loaded tool',
  usedDeferred: 'Used a deferred tool',
};

interface Row {
  key: string;
  segment: ReachSegment;
  /** The same client's calls before the first success, from the comparison of every measure. */
  beforeSuccess: ImpactSegment['measures'][number] | undefined;
}

function ShareCell({ segment, measure }: { segment: ReachSegment; measure: ReachMeasure }) {
  const result = segment.measures.find((m) => m.measure === measure);
  if (!result) return <>—</>;
  return (
    <span className={styles.interval} data-measure={measure} data-low={result.difference?.low} data-high={result.difference?.high}>
      {shareWords(result)}
      <span className={`small muted ${styles.reachChange}`}>{compactChange(result)}</span>
    </span>
  );
}

function Line({
  label,
  result,
  segment,
  minSessions,
  testId,
}: {
  label: string;
  result: ReachMeasureResult | ReachSegment['tools'][number];
  segment: ReachSegment;
  minSessions: number;
  testId: string;
}) {
  // Only the loaded tools have a direction that is good news: more sessions reaching them is what loading is for.
  const loaded = 'measure' in result ? result.measure === 'loadedByChange' || result.measure === 'usedLoaded' : result.change === 'loaded';
  const tone = !loaded ? '' : result.verdict === 'higher' ? 'tone-ok' : result.verdict === 'lower' ? 'tone-warn' : '';
  return (
    <li data-testid={testId} data-low={result.difference?.low} data-high={result.difference?.high} data-verdict={result.verdict}>
      {label}: <span className={tone}>{reachWords(result, segment, minSessions)}</span>
    </li>
  );
}

/**
 * Did loading help? Which sessions used the tools the change loaded or deferred, said in words
 * over every session, and per client with the shares of sessions that used any loaded or
 * deferred tool and the calls before their first success.
 */
export function ReachPanel({ reach, segments, minSessions }: { reach: ImpactReach; segments: ImpactSegment[]; minSessions: number }) {
  const all = itemAt(reach.segments, 0);
  const measures = all.measures.map((m) => m.measure);
  const rows: Row[] = reach.segments.slice(1).map((segment) => ({
    key: segment.value ?? '',
    segment,
    beforeSuccess: segments.find((s) => s.dimension === 'client' && s.value === segment.value)?.measures.find((m) => m.measure === 'callsBeforeSuccess'),
  }));
  const columns: Column<Row>[] = [
    { id: 'client', header: 'Client', className: 'mono', cell: (r) => r.segment.value ?? 'none given' },
    {
      id: 'sessions',
      header: 'Sessions read',
      headerTitle: 'before → after',
      numeric: true,
      cell: (r) => `${formatNumber(r.segment.before.sampled)} → ${formatNumber(r.segment.after.sampled)}`,
    },
    ...measures.map(
      (measure): Column<Row> => ({
        id: measure,
        header: SHORT[measure],
        cell: (r) => <ShareCell segment={r.segment} measure={measure} />,
      }),
    ),
    {
      id: 'beforeSuccess',
      header: 'Calls before first success',
      numeric: true,
      cell: (r) =>
        r.beforeSuccess
          ? `${formatMeasure('callsBeforeSuccess', r.beforeSuccess.before)} → ${formatMeasure('callsBeforeSuccess', r.beforeSuccess.after)} ${r.beforeSuccess.relative || r.beforeSuccess.difference ? `(${formatChange(r.beforeSuccess)})` : ''}`
          : '—',
    },
  ];
  const changed = [...reach.loaded.map((t) => `loaded ${t}`), ...reach.deferred.map((t) => `deferred ${t}`)];
  return (
    <Card aria-labelledby="reach-heading">
      <CardHeader id="reach-heading" title="Did loading help?" note={sampleWords(all)} />
      <p className="small muted">
        {changed.length > 0
          ? `This change ${changed.join(', ')}. Clients that defer MCP tools keep the favourites, marked _meta["anthropic/alwaysLoad"], loaded and the other tools out of sight until searched for (Claude Code defers every MCP tool by default: code.claude.com/docs/en/mcp, "Configure tool search").`
          : 'This change loaded and deferred no tool: its favourites stayed as they were.'}{' '}
        A loaded tool is a favourite of the revision a session ran under, whatever name it was called by.
      </p>
      <ul data-testid="reach-summary">
        {all.measures.map((result) => (
          <Line
            key={result.measure}
            label={REACH_DEFINITIONS[result.measure].label}
            result={result}
            segment={all}
            minSessions={minSessions}
            testId={`reach-${result.measure}`}
          />
        ))}
        {all.tools.length > 1
          ? all.tools.map((tool) => (
              <Line
                key={tool.tool}
                label={`Sessions that used ${tool.tool} (${tool.change})`}
                result={tool}
                segment={all}
                minSessions={minSessions}
                testId="reach-tool"
              />
            ))
          : null}
      </ul>
      {reach.toolsLeftOut > 0 ? <p className="small muted">{formatNumber(reach.toolsLeftOut)} more changed tools count only together.</p> : null}
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.key} labelledBy="reach-heading" testId="reach-clients" />
      <p className="small muted">
        Read from the events of a seeded sample: at most {formatNumber(reach.sample.maxSessions)} sessions a side, split evenly between clients and weighed back
        by their sessions for every session; every session below that.
        {reach.since ? ` Sessions from ${formatDateTime(reach.since)} on: the retention deleted the events before.` : ''}
      </p>
    </Card>
  );
}

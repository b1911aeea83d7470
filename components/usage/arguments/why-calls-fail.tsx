'use client';

import { useIdentityUsageQuery } from '@/components/api/use-identity-usage-query';
import { useArgumentUsageQuery } from '@/components/api/use-argument-usage-query';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLink } from '@/components/ui/page-link';
import { QueryView } from '@/components/ui/query-view';
import { useSearchState } from '@/components/ui/use-search-state';
import { ARGUMENT_CHECK_LABELS, ARGUMENT_CHECK_WORDS } from '@/lib/arguments/labels';
import type { ArgumentUsage } from '@/lib/contracts/arguments';
import { countOf, formatNumber, formatPercent } from '@/lib/format';
import { RankingTable } from './ranking-table';
import { ToolFailures } from './tool-failures';

const EVERY = '';
const HEADING = 'why-calls-fail-heading';

function Totals({ usage }: { usage: ArgumentUsage }) {
  const { totals } = usage;
  const parts = [
    `${formatNumber(totals.checked)} of ${countOf(totals.calls, 'call')} checked`,
    totals.wellFormedRate === null ? null : `${formatPercent(totals.wellFormedRate)} well-formed`,
    totals.firstCallRightRate === null ? null : `${formatPercent(totals.firstCallRightRate)} of first calls right`,
    totals.classes.invented_tool > 0 ? `${countOf(totals.classes.invented_tool, 'call')} to an invented tool` : null,
    totals.classes.invented_server > 0 ? `${countOf(totals.classes.invented_server, 'call')} to an invented server` : null,
    totals.classes.unknown_op > 0 ? `${countOf(totals.classes.unknown_op, 'call')} with an unknown op` : null,
  ];
  return (
    <>
      <p className="small" data-testid="argument-totals">
        {parts.filter(Boolean).join(' · ')}
      </p>
      <p className="small muted">
        Well-formed: the arguments broke nothing in the tool&apos;s inputSchema. A first call is a session&apos;s first call to a tool; it is right when it was
        well-formed and the server answered.
      </p>
    </>
  );
}

function NothingChecked({ id, usage }: { id: string; usage: ArgumentUsage }) {
  if (usage.checks === 'off') {
    return (
      <EmptyState testId="arguments-empty">
        Argument checks are off for this project. <PageLink href={`/projects/${encodeURIComponent(id)}/settings`}>Turn them on in Settings</PageLink> to see
        which tools models call wrongly.
      </EmptyState>
    );
  }
  return (
    <EmptyState testId="arguments-empty">
      No call in this window was checked against its tool&apos;s schema. <code>favindex proxy</code> checks every call it passes; events sent by another proxy
      are checked when they carry their <code>arguments</code>.
    </EmptyState>
  );
}

function Unchecked({ usage }: { usage: ArgumentUsage }) {
  if (usage.unchecked.length === 0) return null;
  const none = usage.unchecked.filter((u) => !u.partly);
  const partly = usage.unchecked.filter((u) => u.partly);
  return (
    <Alert tone="warn" className="small" role="status" data-testid="unchecked-schemas">
      {none.length > 0 && (
        <>
          {none.length === 1
            ? '1 tool of the catalog has a schema that does not compile; its'
            : `${none.length} tools of the catalog have schemas that do not compile; their`}{' '}
          calls pass unchecked: {listed(none)}.
        </>
      )}
      {none.length > 0 && partly.length > 0 && ' '}
      {partly.length > 0 && (
        <>
          {partly.length === 1 ? '1 tool is' : `${partly.length} tools are`} checked in part: {listed(partly)}.
        </>
      )}
    </Alert>
  );
}

function listed(tools: ArgumentUsage['unchecked']): string {
  const shown = tools
    .slice(0, 5)
    .map((u) => `${u.tool} (${u.reason})`)
    .join('; ');
  return tools.length > 5 ? `${shown}; and ${tools.length - 5} more` : shown;
}

/**
 * A filter by one field: every value, or one of those `seen`. The value named in the URL stays
 * offered even when the window has none of its calls.
 */
function FilterSelect({
  label,
  every,
  value,
  seen,
  onChange,
}: {
  label: string;
  every: string;
  value: string;
  seen: readonly string[];
  onChange: (value: string | null) => void;
}) {
  const choices = [EVERY, ...new Set([...seen, ...(value ? [value] : [])])];
  return <ChoiceSelect label={label} value={value} choices={choices} optionLabel={(v) => v || every} onChange={(v) => onChange(v || null)} />;
}

/**
 * Why calls fail (§arguments), over the usage page's window: which tools models call with
 * arguments that break their schema, worst first, and one tool's calls by model and client with
 * the wrong keys they sent. The tool shown and the filters are kept in the URL.
 */
export function WhyCallsFail({ id, window, until, models, clients }: { id: string; window: string; until?: string; models: string[]; clients: string[] }) {
  const { search, set } = useSearchState();
  const model = search.get('argModel') ?? EVERY;
  const client = search.get('argClient') ?? EVERY;
  const token = search.get('argToken') ?? EVERY;
  const shown = search.get('argTool');
  const query = useArgumentUsageQuery(id, { window, until, model: model || undefined, client: client || undefined, token: token || undefined });
  const identities = useIdentityUsageQuery(id, { window, until });
  const tokens = (identities.data?.identities ?? []).flatMap((i) => (i.token ? [i.token] : []));
  return (
    <Card aria-labelledby={HEADING} data-testid="why-calls-fail">
      <CardHeader id={HEADING} title="Why calls fail" note="arguments checked against each tool's inputSchema">
        <FilterSelect label="Model" every="every model" value={model} seen={models} onChange={(argModel) => set({ argModel })} />
        <FilterSelect label="Client" every="every client" value={client} seen={clients} onChange={(argClient) => set({ argClient })} />
        <FilterSelect label="Token" every="every token" value={token} seen={tokens} onChange={(argToken) => set({ argToken })} />
      </CardHeader>
      <QueryView
        query={query}
        loadingLabel="Loading why calls fail"
        loadingRows={4}
        isEmpty={(u) => u.totals.checked === 0}
        empty={
          query.data ? (
            <>
              <NothingChecked id={id} usage={query.data} />
              <Unchecked usage={query.data} />
            </>
          ) : null
        }
      >
        {(usage) => {
          const tool = usage.tools.find((t) => t.tool === shown);
          return (
            <>
              <p className="small muted" data-testid="argument-checks-mode">
                Argument checks: {ARGUMENT_CHECK_LABELS[usage.checks]}. {ARGUMENT_CHECK_WORDS[usage.checks]}
              </p>
              <Totals usage={usage} />
              <Unchecked usage={usage} />
              <RankingTable tools={usage.tools} onShow={(t) => set({ argTool: t })} />
              {tool ? (
                <ToolFailures key={tool.tool} tool={tool} rows={usage.rows.filter((r) => r.tool === tool.tool)} onClose={() => set({ argTool: null })} />
              ) : null}
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}

'use client';

import { useEffect, useMemo, useState } from 'react';
import { type AccessIdentity, usePolicyAccessQuery } from '@/components/api/use-policy-access-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SearchInput } from '@/components/ui/search-input';
import { ToolName } from '@/components/ui/tool-name';
import { usePagedRows } from '@/components/ui/use-paged-rows';
import type { AccessTool, PolicyAccess } from '@/lib/contracts/policy';
import { countOf } from '@/lib/format';
import { identityWords } from './policy-draft';
import styles from './policy.module.css';
import { useTokenNames } from './token-names';

const TOOLS_PER_PAGE = 20;
/** A client name typed is asked about once the typing pauses, not once per key. */
const TYPING_PAUSE_MS = 300;
/** Not an identity (those hold a colon): the choice of a token and a client together. */
const PAIR = 'pair';
const SHOWN = ['every', 'allowed', 'denied'] as const;
type Shown = (typeof SHOWN)[number];

const COLUMNS: Column<AccessTool>[] = [
  { id: 'tool', header: 'Tool', className: 'mono', cell: (t) => <ToolName name={t.canonical} /> },
  {
    id: 'allowed',
    header: 'May use it?',
    cell: (t) => <Badge tone={t.allowed ? 'ok' : 'danger'}>{t.allowed ? 'allowed' : 'denied'}</Badge>,
  },
  { id: 'rule', header: 'Decided by', className: 'small', cell: (t) => (t.rule === null ? t.reason : `Rule ${t.rule + 1}: ${t.reason}`) },
  { id: 'note', header: 'Why', className: 'small muted', cell: (t) => t.note ?? '' },
];
const searchText = (t: AccessTool) => `${t.canonical} ${t.reason} ${t.note ?? ''}`;

function identityOf(choice: string, token: string, client: string): AccessIdentity | null {
  if (choice !== PAIR) {
    const colon = choice.indexOf(':');
    const name = choice.slice(colon + 1);
    return choice.startsWith('token:') ? { token: name, client: null } : { token: null, client: name };
  }
  return token || client.trim() ? { token: token || null, client: client.trim() || null } : null;
}

function whoOf(identity: AccessIdentity | null, names: ReadonlyMap<string, string>): string {
  if (!identity) return '…';
  const parts = [identity.token ? identityWords(`token:${identity.token}`, names) : null, identity.client ? identityWords(`client:${identity.client}`) : null];
  return parts.filter(Boolean).join(' with ');
}

/**
 * "What may X do": every catalog tool as one identity gets it, with the rule that decided and its
 * note. `tokens` are token ids, shown by their names.
 */
export function PolicyAccessCard({ id, identities, tokens }: { id: string; identities: string[]; tokens: string[] }) {
  const names = useTokenNames();
  const [choice, setChoice] = useState(() => identities.find((i) => i.startsWith('token:')) ?? identities[0] ?? PAIR);
  const [token, setToken] = useState('');
  const [client, setClient] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(client), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [client]);
  const identity = identityOf(choice, token, typed);
  const access = usePolicyAccessQuery(id, identity);
  const who = whoOf(identity, names);
  const clients = identities.filter((i) => i.startsWith('client:')).map((i) => i.slice('client:'.length));
  return (
    <Card aria-labelledby="policy-access-heading" data-testid="policy-access">
      <CardHeader id="policy-access-heading" title={`What may ${who} do?`} />
      <div className={styles.controls}>
        <ChoiceSelect
          label="Who"
          value={choice}
          choices={[...identities, PAIR]}
          optionLabel={(c) => (c === PAIR ? 'a token and a client together…' : identityWords(c, names))}
          onChange={setChoice}
        />
        {choice === PAIR ? (
          <>
            <ChoiceSelect
              label="Token"
              value={token}
              choices={['', ...tokens]}
              optionLabel={(t) => (t ? (names.get(t) ?? t) : 'no token')}
              onChange={setToken}
            />
            <label className="field">
              Client
              <input aria-label="Client" list="policy-clients" value={client} onChange={(e) => setClient(e.target.value)} placeholder="e.g. claude-code" />
              <datalist id="policy-clients">
                {clients.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </label>
          </>
        ) : null}
      </div>
      {identity ? (
        <QueryView query={access} loadingLabel="Working out what it may use" loadingRows={8}>
          {(data) => <AccessTable data={data} who={who} />}
        </QueryView>
      ) : (
        <p className="small muted">Choose a token, a client or both.</p>
      )}
    </Card>
  );
}

function AccessTable({ data, who }: { data: PolicyAccess; who: string }) {
  const [shown, setShown] = useState<Shown>('every');
  const rows = useMemo(() => (shown === 'every' ? data.tools : data.tools.filter((t) => t.allowed === (shown === 'allowed'))), [data.tools, shown]);
  const paged = usePagedRows(rows, { pageSize: TOOLS_PER_PAGE, searchText });
  const needle = paged.search.trim();
  return (
    <>
      <p className="small" data-testid="access-summary">
        <strong className="tone-ok">{countOf(data.allowed, 'tool')} allowed</strong> · <strong className="tone-danger">{data.denied} denied</strong>
      </p>
      <div className={styles.controls}>
        <SearchInput label="Search tools, rules and notes" paged={paged} />
        <ChoiceSelect label="Show" value={shown} choices={SHOWN} optionLabel={(s) => (s === 'every' ? 'every tool' : `${s} only`)} onChange={setShown} />
      </div>
      <DataTable
        columns={COLUMNS}
        rows={paged.rows}
        rowKey={(t) => t.canonical}
        label={`What ${who} may use`}
        testId="access-tools"
        emptyMessage={needle ? `No tool matches “${needle}”.` : data.tools.length === 0 ? 'The catalog has no tools yet.' : 'No tool here.'}
      />
      <Pager noun="tools" {...paged.pager} />
    </>
  );
}

'use client';

import { useMemo } from 'react';
import { usePolicyQuery } from '@/components/api/use-policy-query';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { whenLoaded } from '@/components/ui/when-loaded';
import type { PolicyView } from '@/lib/contracts/policy';
import { PolicyAccessCard } from './policy-access-card';
import { PolicyHistoryCard } from './policy-history-card';
import { PolicyRulesCard } from './policy-rules-card';
import { TokenNames } from './token-names';

/** The Policy tab: which tools each token and client may use (§policy), edited, reviewed, explained and dated. */
export const PolicyPage = whenLoaded(usePolicyQuery, { label: 'Loading the policy', rows: 6 }, ProjectPolicy);

function ProjectPolicy({ id, data: view }: { id: string; data: PolicyView }) {
  const tokensQuery = useTokensQuery(id);
  // Rules name a token by its id (§policy); the tab calls it by its name, a revoked one marked so.
  const names = useMemo(() => {
    const byId = new Map(view.identities.filter((i) => i.kind === 'token').map((i) => [i.identity.slice('token:'.length), i.name]));
    for (const t of tokensQuery.data?.tokens ?? []) byId.set(t.id, t.revokedAt === null ? t.name : `${t.name} (revoked)`);
    return byId;
  }, [tokensQuery.data, view.identities]);
  // The live tokens, and those the rules name, by name.
  const tokens = useMemo(() => {
    const live = (tokensQuery.data?.tokens ?? []).filter((t) => t.revokedAt === null).map((t) => t.id);
    const known = view.identities.filter((i) => i.kind === 'token').map((i) => i.identity.slice('token:'.length));
    return [...new Set([...live, ...known])].sort((a, b) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b));
  }, [tokensQuery.data, view.identities, names]);
  const identities = useMemo(
    () => [...tokens.map((t) => `token:${t}`), ...view.identities.filter((i) => i.kind === 'client').map((i) => i.identity)],
    [tokens, view.identities],
  );
  return (
    <TokenNames.Provider value={names}>
      <PolicyRulesCard id={id} view={view} identities={identities} />
      <PolicyAccessCard key={identities.length === 0 ? 'none' : 'some'} id={id} identities={identities} tokens={tokens} />
      <PolicyHistoryCard id={id} />
    </TokenNames.Provider>
  );
}

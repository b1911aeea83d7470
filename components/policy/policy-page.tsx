'use client';

import { useMemo } from 'react';
import { usePolicyQuery } from '@/components/api/use-policy-query';
import { useTokensQuery } from '@/components/api/use-tokens-query';
import { whenLoaded } from '@/components/ui/when-loaded';
import type { PolicyView } from '@/lib/contracts/policy';
import { PolicyAccessCard } from './policy-access-card';
import { PolicyHistoryCard } from './policy-history-card';
import { PolicyRulesCard } from './policy-rules-card';

/** The Policy tab: which tools each token and client may use (§policy), edited, reviewed, explained and dated. */
export const PolicyPage = whenLoaded(usePolicyQuery, { label: 'Loading the policy', rows: 6 }, ProjectPolicy);

function ProjectPolicy({ id, data: view }: { id: string; data: PolicyView }) {
  const tokensQuery = useTokensQuery(id);
  // Tokens by name (a rotated token keeps its rules): the live ones, and those the API already knows.
  const tokens = useMemo(() => {
    const live = (tokensQuery.data?.tokens ?? []).filter((t) => t.revokedAt === null).map((t) => t.name);
    const known = view.identities.filter((i) => i.kind === 'token').map((i) => i.name);
    return [...new Set([...live, ...known])].sort();
  }, [tokensQuery.data, view.identities]);
  const identities = useMemo(
    () => [...tokens.map((t) => `token:${t}`), ...view.identities.filter((i) => i.kind === 'client').map((i) => i.identity)],
    [tokens, view.identities],
  );
  return (
    <>
      <PolicyRulesCard id={id} view={view} identities={identities} />
      <PolicyAccessCard key={identities.length === 0 ? 'none' : 'some'} id={id} identities={identities} tokens={tokens} />
      <PolicyHistoryCard id={id} />
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import type { PolicyAccess } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

/** Who is asking: a token's name, a client's name, or both (a session of that client with that token). */
export interface AccessIdentity {
  token: string | null;
  client: string | null;
}

/** GET /api/projects/:id/policy/access: every catalog tool as this identity gets it, with the rule that decided. */
export function usePolicyAccessQuery(id: string, identity: AccessIdentity | null) {
  // An identity's missing half is left out of the query: every token, or every client.
  const query = { token: identity?.token || undefined, client: identity?.client || undefined };
  return useQuery({
    queryKey: queryKeys.policyAccess(id, identity ?? {}),
    queryFn: async (): Promise<PolicyAccess> => await fetchEndpoint(POLICY_ENDPOINTS.access, { id }, { query }),
    enabled: identity !== null,
    // Another identity keeps the old list on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

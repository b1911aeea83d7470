import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import { type PolicyAccess, policyAccessSchema } from '@/lib/contracts/policy';
import { queryKeys } from './keys';
import { policyPath } from './use-policy-query';

/** Who is asking: a token's name, a client's name, or both (a session of that client with that token). */
export interface AccessIdentity {
  token: string | null;
  client: string | null;
}

/** GET /api/projects/:id/policy/access: every catalog tool as this identity gets it, with the rule that decided. */
export function usePolicyAccessQuery(id: string, identity: AccessIdentity | null) {
  const search = new URLSearchParams();
  if (identity?.token) search.set('token', identity.token);
  if (identity?.client) search.set('client', identity.client);
  return useQuery({
    queryKey: queryKeys.policyAccess(id, identity ?? {}),
    queryFn: async (): Promise<PolicyAccess> => policyAccessSchema.parse(await apiFetch<unknown>(policyPath(id, `/access?${search}`))),
    enabled: identity !== null,
    // Another identity keeps the old list on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

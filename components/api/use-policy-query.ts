import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import type { PolicyView } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

/** The query, for a component that needs the answer at a click (ensureQueryData) as well as on screen. */
export function policyQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.policy(id),
    queryFn: async (): Promise<PolicyView> => await fetchEndpoint(POLICY_ENDPOINTS.view, { id }),
  });
}

/** GET /api/projects/:id/policy: the rules in force, their version, and every identity favindex knows with its counts (§policy). */
export function usePolicyQuery(id: string) {
  return useQuery(policyQuery(id));
}

import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import { type PolicyView, policyViewSchema } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

/** GET /api/projects/:id/policy: the rules in force, their version, and every identity favindex knows with its counts (§policy). */
export function usePolicyQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.policy(id),
    // Parsed, not cast: the editor starts its draft from this policy and saves it back.
    queryFn: async (): Promise<PolicyView> => policyViewSchema.parse(await fetchEndpoint(POLICY_ENDPOINTS.view, { id })),
  });
}

import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import type { PolicyView } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

/** GET /api/projects/:id/policy: the rules in force, their version, and every identity favindex knows with its counts (§policy). */
export function usePolicyQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.policy(id),
    queryFn: async (): Promise<PolicyView> => await fetchEndpoint(POLICY_ENDPOINTS.view, { id }),
  });
}

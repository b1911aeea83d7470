import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import type { PolicyHistory } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

/** GET /api/projects/:id/policy/history: every saved version, newest first. */
export function usePolicyHistoryQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.policyHistory(id),
    queryFn: async (): Promise<PolicyHistory> => await fetchEndpoint(POLICY_ENDPOINTS.history, { id }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import { type PolicyHistory, policyHistorySchema } from '@/lib/contracts/policy';
import { queryKeys } from './keys';
import { policyPath } from './use-policy-query';

/** GET /api/projects/:id/policy/history: every saved version, newest first. */
export function usePolicyHistoryQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.policyHistory(id),
    queryFn: async (): Promise<PolicyHistory> => policyHistorySchema.parse(await apiFetch<unknown>(policyPath(id, '/history'))),
  });
}

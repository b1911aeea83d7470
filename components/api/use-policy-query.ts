import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import { type PolicyView, policyViewSchema } from '@/lib/contracts/policy';
import { queryKeys } from './keys';

export function policyPath(id: string, rest = ''): string {
  return `/api/projects/${encodeURIComponent(id)}/policy${rest}`;
}

/** GET /api/projects/:id/policy: the rules in force, their version, and every identity favindex knows with its counts (§policy). */
export function usePolicyQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.policy(id),
    // Parsed, not cast: the editor starts its draft from this policy and saves it back.
    queryFn: async (): Promise<PolicyView> => policyViewSchema.parse(await apiFetch<unknown>(policyPath(id))),
  });
}

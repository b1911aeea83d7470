import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, fetchEndpoint } from '@/components/api/fetch';
import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import type { PolicyWriteResult } from '@/lib/contracts/policy';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { queryKeys } from './keys';

export interface PolicyWrite {
  policy: ToolPolicy;
  /** The version the change was reviewed against: a save over any other fails, so nobody's change is lost. */
  basis?: number;
  dryRun: boolean;
}

/**
 * PUT /api/projects/:id/policy from the dashboard (`via: 'ui'` for the history). A dry run
 * changes nothing; a save refreshes the whole project, since every token's surface follows the policy.
 */
export function usePolicyMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ policy, basis, dryRun }: PolicyWrite): Promise<PolicyWriteResult> =>
      await fetchEndpoint(POLICY_ENDPOINTS.save, { id }, { json: { policy, basis, dryRun, via: 'ui' } }),
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries({ queryKey: queryKeys.project(id) }) : undefined),
  });
}

/** Someone saved another policy since the review: the basis no longer names the one in force. */
export function isStalePolicy(error: unknown): boolean {
  // 409 is what the policy API was asked for; VERSION_MISMATCH is 412 in lib/errors: either means the same.
  return error instanceof ApiClientError && (error.envelope.error_code === 'VERSION_MISMATCH' || error.status === 409);
}

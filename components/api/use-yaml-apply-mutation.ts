import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { ApplyResult } from '@/lib/contracts/yaml';

/**
 * POST /api/yaml/apply. A dry run returns the plan and its basis; applying with that basis
 * writes exactly the reviewed plan, or fails with 412 if the projects changed meanwhile.
 */
export function useYamlApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, dryRun, basis }: { text: string; dryRun: boolean; basis?: string }) =>
      apiFetch<ApplyResult>(`/api/yaml/apply${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/yaml', ...(basis ? { 'if-match': `"${basis}"` } : {}) },
      }),
    // An apply may touch any project, or create one.
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries() : undefined),
  });
}

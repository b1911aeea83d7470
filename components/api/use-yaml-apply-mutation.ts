import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import { pathOf } from '@/lib/api/endpoint';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';

/**
 * POST /api/yaml/apply. A dry run returns the plan and its basis; applying with that basis
 * writes exactly the reviewed plan, or fails with 412 if the projects changed meanwhile.
 */
export function useYamlApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, dryRun, basis }: { text: string; dryRun: boolean; basis?: string }) =>
      // The body is YAML, which fetchEndpoint does not send: the path and the answer's contract are still the declaration's.
      apiFetch(YAML_ENDPOINTS.apply, pathOf(YAML_ENDPOINTS.apply, {}, { dryRun: dryRun || undefined }), {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/yaml', ...(basis ? { 'if-match': `"${basis}"` } : {}) },
      }),
    // An apply may touch any project, or create one.
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries() : undefined),
  });
}

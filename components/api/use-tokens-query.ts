import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TokenView } from '@/lib/schemas/tokens';
import { queryKeys } from './keys';

export function useTokensQuery(projectId: string) {
  return useQuery({
    queryKey: queryKeys.tokens(projectId),
    queryFn: () => apiFetch<{ tokens: TokenView[] }>(`/api/projects/${encodeURIComponent(projectId)}/tokens`),
  });
}

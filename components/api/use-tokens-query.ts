import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TokenList } from '@/lib/contracts/tokens';
import { queryKeys } from './keys';

export function useTokensQuery(projectId: string) {
  return useQuery({
    queryKey: queryKeys.tokens(projectId),
    queryFn: () => apiFetch<TokenList>(`/api/projects/${encodeURIComponent(projectId)}/tokens`),
  });
}

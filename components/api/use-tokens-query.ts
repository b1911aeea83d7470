import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TokenList } from '@/lib/contracts/tokens';
import { queryKeys } from './keys';

/** `refetchInterval` for a page that waits on a proxy: its refused scopes show as they happen. */
export function useTokensQuery(projectId: string, options: Pick<UseQueryOptions<TokenList>, 'refetchInterval'> = {}) {
  return useQuery({
    queryKey: queryKeys.tokens(projectId),
    queryFn: () => apiFetch<TokenList>(`/api/projects/${encodeURIComponent(projectId)}/tokens`),
    refetchInterval: options.refetchInterval,
  });
}

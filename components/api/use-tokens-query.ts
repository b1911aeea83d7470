import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import type { TokenList } from '@/lib/contracts/tokens';
import { queryKeys } from './keys';

/** `refetchInterval` for a page that waits on a proxy: its refused scopes show as they happen. */
export function useTokensQuery(projectId: string, options: Pick<UseQueryOptions<TokenList>, 'refetchInterval'> = {}) {
  return useQuery({
    queryKey: queryKeys.tokens(projectId),
    queryFn: () => fetchEndpoint(TOKEN_ENDPOINTS.list, { id: projectId }),
    refetchInterval: options.refetchInterval,
  });
}

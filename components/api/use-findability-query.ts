import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import { queryKeys } from './keys';

/** A client (its search) or a provider's search; the project's mode. */
export type FindabilityParams = { client: string } | { search: string };

export function useFindabilityQuery(id: string, params: FindabilityParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.findability(id, params),
    queryFn: () => fetchEndpoint(FINDABILITY_ENDPOINTS.report, { id }, { query: params }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

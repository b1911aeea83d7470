import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FindabilityResponse } from '@/lib/contracts/findability';
import { queryKeys } from './keys';

/** A client (its search) or a provider's search; the project's mode. */
export type FindabilityParams = { client: string } | { search: string };

export function useFindabilityQuery(id: string, params: FindabilityParams) {
  return useQuery({
    queryKey: queryKeys.findability(id, params),
    queryFn: () => apiFetch<FindabilityResponse>(`/api/projects/${encodeURIComponent(id)}/findability?${new URLSearchParams(params)}`),
    placeholderData: keepPreviousData,
  });
}

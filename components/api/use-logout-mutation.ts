import { useMutation } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';

export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => fetchEndpoint(AUTH_ENDPOINTS.logout, {}),
  });
}

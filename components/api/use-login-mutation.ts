import { useMutation } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { AUTH_ENDPOINTS } from '@/lib/api/auth';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (password: string) => fetchEndpoint(AUTH_ENDPOINTS.login, {}, { json: { password } }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/logout', { method: 'POST' }),
  });
}

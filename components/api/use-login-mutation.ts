import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (password: string) => apiFetch<{ authenticated: true }>('/api/auth/login', { method: 'POST', json: { password } }),
  });
}

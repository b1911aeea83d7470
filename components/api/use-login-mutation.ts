import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { LoginResult } from '@/lib/contracts/auth';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (password: string) => apiFetch<LoginResult>('/api/auth/login', { method: 'POST', json: { password } }),
  });
}

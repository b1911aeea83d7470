'use client';

import { useLogoutMutation } from '@/components/api/use-logout-mutation';

export function LogoutButton() {
  const logout = useLogoutMutation();
  return (
    <button
      type="button"
      className="link"
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => window.location.assign('/login') })}
    >
      Log out
    </button>
  );
}

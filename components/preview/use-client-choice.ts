'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useSyncExternalStore } from 'react';
import { CLIENT_IDS, type ClientId } from '@/lib/surface/clients';
import { isOneOf } from '@/lib/records';

const EVENT = 'favindex:client-choice';
const storageKey = (projectId: string) => `favindex:client:${projectId}`;

function isClient(value: string | null): value is ClientId {
  return value !== null && isOneOf(CLIENT_IDS, value);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

/**
 * The MCP client a project is previewed through: `?client=` on the preview, else the last one
 * picked there (kept in this browser), else raw. The project header warns for the same client.
 */
export function useClientChoice(projectId: string): { client: ClientId; choose: (next: ClientId) => void } {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const stored = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(storageKey(projectId)),
    () => null,
  );
  const fromUrl = search.get('client');
  const client: ClientId = isClient(fromUrl) ? fromUrl : isClient(stored) ? stored : 'raw';
  const choose = useCallback(
    (next: ClientId) => {
      window.localStorage.setItem(storageKey(projectId), next);
      window.dispatchEvent(new Event(EVENT));
      const params = new URLSearchParams(search.toString());
      params.set('client', next);
      router.replace(`${pathname}?${params}`, { scroll: false });
    },
    [projectId, search, router, pathname],
  );
  return { client, choose };
}

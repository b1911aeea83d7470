'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates what the server drew (and on the server), true from then on. The
 * server has no query data, so it draws every query's skeleton; a part of the page whose code
 * arrives after its data (the header asks for the project while the page's chunk still loads)
 * must hydrate to that skeleton too, and show the data a moment later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

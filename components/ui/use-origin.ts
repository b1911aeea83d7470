'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * This favindex's address as the browser reached it (http://127.0.0.1:3000), for commands to
 * copy; a placeholder while rendered on the server, where there is no browser to ask.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => 'http://127.0.0.1:3000',
  );
}

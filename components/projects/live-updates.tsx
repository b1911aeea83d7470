'use client';

import { useLiveUpdates } from '@/components/api/use-live-updates';

/** Refreshes the project's views as writes reach it (see useLiveUpdates); draws nothing. */
export function LiveUpdates({ id }: { id: string }) {
  useLiveUpdates(id);
  return null;
}

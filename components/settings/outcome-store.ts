'use client';

import { useSyncExternalStore } from 'react';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';

/** What the last applied change did, kept until dismissed: it outlives the control that made it (a fix disappears once it is applied). */
export interface SurfaceChangeOutcome {
  /** One sentence: what was saved, and what clients now receive. */
  summary: string;
  before: SurfaceConfig;
  after: SurfaceConfig;
  /** An undo has restored `before`: nothing more to undo. */
  undone: boolean;
}

const outcomes = new Map<string, SurfaceChangeOutcome>();
const listeners = new Set<() => void>();

export function setSurfaceChangeOutcome(projectId: string, outcome: SurfaceChangeOutcome | null) {
  if (outcome) outcomes.set(projectId, outcome);
  else outcomes.delete(projectId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSurfaceChangeOutcome(projectId: string): SurfaceChangeOutcome | null {
  return useSyncExternalStore(
    subscribe,
    () => outcomes.get(projectId) ?? null,
    () => null,
  );
}

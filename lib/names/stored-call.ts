import { INVOKE_TOOL } from './invoke';
import type { PresentedCall } from './resolution';

/** Rebuild the call a stored event stood for, so it can be resolved again later. */
export function storedCall(stored: StoredHints & { rawName: string; timestamp: number }): PresentedCall {
  const routed = stored.canonicalHint ?? null;
  if (stored.rawName === INVOKE_TOOL) {
    return {
      tool: stored.rawName,
      server: null,
      canonical: routed,
      arguments: { server: stored.serverHint ?? undefined, tool: stored.toolHint ?? undefined },
      timestamp: stored.timestamp,
    };
  }
  return { tool: stored.rawName, server: stored.serverHint, canonical: routed, timestamp: stored.timestamp };
}

/** The hints a stored event keeps so it can be resolved again (db/schema/events.ts). */
export interface StoredHints {
  serverHint: string | null;
  toolHint: string | null;
  canonicalHint?: string | null;
}

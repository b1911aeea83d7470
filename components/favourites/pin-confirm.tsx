'use client';

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { proxiesQuery, useProxiesQuery } from '@/components/api/use-proxies-query';
import { ConfirmBox } from '@/components/ui/confirm-box';
import type { ProxyList } from '@/lib/contracts/proxies';

/** Why pinning this tool would reach no client, or null: known only while some proxy is connected. */
export function unservedReason(list: ProxyList | undefined, tool: string): string | null {
  const connected = list?.proxies.filter((p) => p.connected) ?? [];
  if (connected.length === 0) return null;
  const server = tool.split('/')[0] ?? '';
  if (connected.some((p) => p.servers.some((s) => s.name === server))) return null;
  const who = connected.length === 1 ? `the connected proxy (${connected[0]?.host})` : `any of the ${connected.length} connected proxies`;
  return `No client will receive ${tool}: '${server}' is not among the servers of ${who}. Add it to a proxy's servers file, or pin it anyway for later.`;
}

/**
 * Why a pin would reach no client, read at the click: the proxies are read first if they have not
 * been yet, so a quick click cannot skip the question. Unreadable proxies ask nothing.
 */
export function useUnservedCheck(projectId: string) {
  const queryClient = useQueryClient();
  // Kept fresh while the page is open, so the click usually needs no request.
  useProxiesQuery(projectId);
  return async (tool: string): Promise<string | null> => {
    const list = await queryClient.ensureQueryData(proxiesQuery(projectId)).catch(() => undefined);
    return unservedReason(list, tool);
  };
}

export interface PendingPin {
  tool: string;
  reason: string;
  pin: () => void;
  /** Back to the Pin pressed, since the box that had the focus goes. */
  cancel: () => void;
}

export function UnservedConfirm({ pending, onDone }: { pending: PendingPin; onDone: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <ConfirmBox label={`Pin ${pending.tool}, which no client receives?`}>
      <p className="tone-warn" data-testid="unserved-reason">
        {pending.reason}
      </p>
      <div className="row">
        <button
          ref={confirm}
          type="button"
          onClick={() => {
            onDone();
            pending.pin();
          }}
        >
          Pin anyway
        </button>
        <button
          type="button"
          onClick={() => {
            onDone();
            pending.cancel();
          }}
        >
          Cancel
        </button>
      </div>
    </ConfirmBox>
  );
}

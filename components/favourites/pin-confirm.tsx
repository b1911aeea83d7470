'use client';

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { policyQuery, usePolicyQuery } from '@/components/api/use-policy-query';
import { proxiesQuery, useProxiesQuery } from '@/components/api/use-proxies-query';
import { ConfirmBox } from '@/components/ui/confirm-box';
import type { PolicyView } from '@/lib/contracts/policy';
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

/** Why pinning this tool would show it to no session, or null: the policy denies it to every identity (§policy). */
export function deniedReason(view: PolicyView | undefined, tool: string): string | null {
  if (!view?.deniedToEveryone.includes(tool)) return null;
  return `The tool policy denies ${tool} to every identity: no session is shown it, and a call of it is refused. Change the rule on the Policy tab, or pin it anyway for later.`;
}

/** What a pin asks before it is made: the question, and each reason to ask it. */
export interface PinQuestion {
  question: string;
  reasons: string[];
}

/** The question a pin asks, or null: the policy's answer comes first, as it holds for every proxy. */
export function pinQuestion(tool: string, proxies: ProxyList | undefined, policy: PolicyView | undefined): PinQuestion | null {
  const denied = deniedReason(policy, tool);
  const unserved = unservedReason(proxies, tool);
  const reasons = [denied, unserved].filter((r) => r !== null);
  if (reasons.length === 0) return null;
  return { question: denied ? `Pin ${tool}, which the policy denies to everyone?` : `Pin ${tool}, which no client receives?`, reasons };
}

/**
 * What to ask before a pin, read at the click: the proxies and the policy are read first if they
 * have not been yet, so a quick click cannot skip the question. What cannot be read asks nothing.
 */
export function usePinCheck(projectId: string) {
  const queryClient = useQueryClient();
  // Kept fresh while the page is open, so the click usually needs no request.
  useProxiesQuery(projectId);
  usePolicyQuery(projectId);
  return async (tool: string): Promise<PinQuestion | null> => {
    const [proxies, policy] = await Promise.all([
      queryClient.ensureQueryData(proxiesQuery(projectId)).catch(() => undefined),
      queryClient.ensureQueryData(policyQuery(projectId)).catch(() => undefined),
    ]);
    return pinQuestion(tool, proxies, policy);
  };
}

export interface PendingPin extends PinQuestion {
  tool: string;
  pin: () => void;
  /** Back to the Pin pressed, since the box that had the focus goes. */
  cancel: () => void;
}

export function PinConfirm({ pending, onDone }: { pending: PendingPin; onDone: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <ConfirmBox label={pending.question}>
      {pending.reasons.map((reason) => (
        <p key={reason} className="tone-warn" data-testid="pin-reason">
          {reason}
        </p>
      ))}
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

import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import { REVISION_CHOICES, type RevisionChoice, SESSION_REVISION } from '@/lib/mcp-revisions';

/** How favindex talks to one MCP server: find out (auto), or one revision only. */
export const UPSTREAM_PROTOCOLS = REVISION_CHOICES;
export type UpstreamProtocol = RevisionChoice;

/** A server that does not know server/discover may also never answer it: past this, stdio takes it as 2025-11-25. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * The SDK's version negotiation for a revision choice. `auto` asks `server/discover` first and
 * falls back to `initialize` on any answer that is not a 2026-07-28 one; a pinned revision has no
 * fallback, so a server that does not speak it fails the connect with a clear error.
 */
export function versionNegotiation(protocol: UpstreamProtocol, timeoutMs: number) {
  if (protocol === SESSION_REVISION) return { mode: 'legacy' as const };
  const probe = { timeoutMs: Math.min(timeoutMs, PROBE_TIMEOUT_MS) };
  return protocol === 'auto' ? { mode: 'auto' as const, probe } : { mode: { pin: protocol }, probe };
}

/** Is the server still there? `ping` on 2025-11-25; 2026-07-28 has no ping, and `server/discover` is cheap and required. */
export async function heartbeat(client: Client, timeoutMs: number): Promise<void> {
  if (client.getProtocolEra() === 'modern') await client.request({ method: 'server/discover', params: {} }, { timeout: timeoutMs });
  else await client.ping({ timeout: timeoutMs });
}

/**
 * On 2026-07-28 list changes come only to a `subscriptions/listen` stream the client opens
 * (2025-11-25 servers send them unasked): open one when the server announces them. Its changes
 * reach the client's `notifications/tools/list_changed` handler, as on 2025-11-25.
 */
export async function listenForToolChanges(client: Client, timeoutMs: number): Promise<McpSubscription | null> {
  if (client.getProtocolEra() !== 'modern' || !client.getServerCapabilities()?.tools?.listChanged) return null;
  return client.listen({ toolsListChanged: true }, { timeout: timeoutMs });
}

/** Settles when the client's transport closes (a process exited, the connection or the client closed). */
export function clientClosed(client: Client): Promise<void> {
  return new Promise((resolve) => {
    const previous = client.onclose;
    client.onclose = () => {
      previous?.();
      resolve();
    };
  });
}

/**
 * Settles when the session is over: its transport closed, or the server ended the change
 * subscription, which on 2026-07-28 (no session to lose) is how a restart shows.
 */
export function sessionEnded(closed: Promise<void>, subscription: McpSubscription | null): Promise<void> {
  if (!subscription) return closed;
  const ended = subscription.closed.then((how) => (how === 'local' ? new Promise<void>(() => {}) : undefined));
  return Promise.race([closed, ended]);
}

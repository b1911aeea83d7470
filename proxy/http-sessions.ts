import { PROXY_HTTP_SESSIONS } from '@/lib/limits';

/** What the table needs of an open MCP session over HTTP. */
export interface SessionEntry {
  id: string;
  /** The client's `clientInfo.name` ('' when it gave none): sessions are bounded per name. */
  client: string;
  lastSeenAt: number;
  /** POSTs and DELETEs not answered yet; a standing GET stream does not count, or no listening client would ever be idle. */
  inFlight: number;
  close(): void;
}

export type Room<E> = { evict: E[] } | { full: string };

/**
 * The open sessions, bounded per client name and in all. A new session makes room by closing the
 * oldest idle session (of its own name first, so one leaky client cannot push out another); only
 * when every session in the way has a request in flight is it refused.
 */
export class SessionTable<E extends SessionEntry> {
  private readonly entries = new Map<string, E>();

  constructor(private readonly limits: { perClient: number; total: number } = PROXY_HTTP_SESSIONS) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): E | undefined {
    return this.entries.get(id);
  }

  add(entry: E): void {
    this.entries.set(entry.id, entry);
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  values(): IterableIterator<E> {
    return this.entries.values();
  }

  /** The sessions to close so one more of `client` fits, or why none can be closed. Nothing is closed here. */
  makeRoom(client: string): Room<E> {
    const evict: E[] = [];
    const ofClient = [...this.entries.values()].filter((e) => e.client === client);
    if (ofClient.length >= this.limits.perClient) {
      const oldest = oldestIdle(ofClient);
      if (!oldest) return { full: `${this.limits.perClient} sessions of client '${client}' are open, each with a request in flight` };
      evict.push(oldest);
    }
    if (this.entries.size - evict.length >= this.limits.total) {
      const oldest = oldestIdle([...this.entries.values()].filter((e) => !evict.includes(e)));
      if (!oldest) return { full: `${this.limits.total} sessions are open, each with a request in flight` };
      evict.push(oldest);
    }
    return { evict };
  }

  /** Sessions not seen since `cutoff` and with nothing in flight. */
  idleSince(cutoff: number): E[] {
    return [...this.entries.values()].filter((e) => e.inFlight === 0 && e.lastSeenAt < cutoff);
  }
}

function oldestIdle<E extends SessionEntry>(entries: E[]): E | undefined {
  let oldest: E | undefined;
  for (const e of entries) if (e.inFlight === 0 && (!oldest || e.lastSeenAt < oldest.lastSeenAt)) oldest = e;
  return oldest;
}

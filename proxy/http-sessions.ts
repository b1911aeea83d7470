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

/** Which bound a session was closed for: its client name's, or the overall one. */
export type Bound = 'client' | 'total';

export type Room<E> = { evict: { entry: E; bound: Bound }[] } | { full: string };

/**
 * The open sessions, bounded per client name and in all; only when every session in the way has
 * a request in flight is a new one refused.
 *
 * Past its name's bound, a new session closes the oldest idle session of that name: a client
 * that leaks sessions pushes out only its own, its oldest first (the ones it forgot).
 *
 * Past the overall bound, it closes the idle session opened last, whatever its name. A client
 * name is only what the client claims, and every peer of a loopback listener has the same
 * address, so the proxy cannot tell one program under many names from many programs: what it
 * can tell is which sessions were there first. Closing the newest keeps them, so a burst of new
 * sessions under any number of names closes only sessions of the burst, never one a client held
 * before it (closing the oldest idle, as before, let such a burst close every other client's).
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
    const evict: { entry: E; bound: Bound }[] = [];
    const ofClient = [...this.entries.values()].filter((e) => e.client === client);
    if (ofClient.length >= this.limits.perClient) {
      const oldest = oldestIdle(ofClient);
      if (!oldest) return { full: `${this.limits.perClient} sessions of client '${client}' are open, each with a request in flight` };
      evict.push({ entry: oldest, bound: 'client' });
    }
    if (this.entries.size - evict.length >= this.limits.total) {
      const newest = newestIdle(this.entries, evict[0]?.entry);
      if (!newest) return { full: `${this.limits.total} sessions are open, each with a request in flight` };
      evict.push({ entry: newest, bound: 'total' });
    }
    return { evict };
  }

  /** Sessions not seen since `cutoff` and with nothing in flight. */
  idleSince(cutoff: number): E[] {
    return [...this.entries.values()].filter((e) => e.inFlight === 0 && e.lastSeenAt < cutoff);
  }
}

/** The idle session added last, other than `skip`: a Map iterates in the order its keys were added, the order the sessions opened. */
function newestIdle<E extends SessionEntry>(entries: Map<string, E>, skip: E | undefined): E | undefined {
  let newest: E | undefined;
  for (const e of entries.values()) if (e.inFlight === 0 && e !== skip) newest = e;
  return newest;
}

function oldestIdle<E extends SessionEntry>(entries: E[]): E | undefined {
  let oldest: E | undefined;
  for (const e of entries) if (e.inFlight === 0 && (!oldest || e.lastSeenAt < oldest.lastSeenAt)) oldest = e;
  return oldest;
}

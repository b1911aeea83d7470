import type { LoggingLevel, Server } from '@modelcontextprotocol/server';

/**
 * How long a list request waits for servers still on their first start, from the proxy's start,
 * unless --start-wait says otherwise. A client bounds the handshake itself (Codex 10 s, Claude
 * Desktop 30 s), which is why initialize never waits; it gives a request such as tools/list
 * its own, longer time-out (the MCP SDKs 60 s). 30 s covers a first `npx -y` of a server,
 * which downloads it: routinely 10-30 s.
 */
export const DEFAULT_START_WAIT_MS = 30_000;

/**
 * Waits for something to become true, each bounded, woken whenever what they wait for may have
 * changed: the lists' wait for the servers' first start, a call's wait for its server.
 */
export class Wakeups {
  private readonly checks = new Set<() => void>();

  /** True once `ready()` holds (now, or at a `wake()`); false after `ms` or when `signal` aborts. */
  until(ready: () => boolean, ms: number, signal?: AbortSignal): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    if (ms <= 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const end = (value: boolean) => {
        clearTimeout(timer);
        this.checks.delete(check);
        signal?.removeEventListener('abort', aborted);
        resolve(value);
      };
      const check = () => {
        if (ready()) end(true);
      };
      const aborted = () => end(false);
      const timer = setTimeout(() => end(false), ms);
      signal?.addEventListener('abort', aborted, { once: true });
      this.checks.add(check);
    });
  }

  wake(): void {
    for (const check of [...this.checks]) check();
  }
}

/**
 * Whether calls to one server wait for it: while a start is under way or due that has not failed
 * (its first, or the restart after its session ended), and not once a start failed.
 */
export class Arrival {
  /** Up, and its session has not ended (known at once, before the server's state says so). */
  live = false;
  /** A start is under way or due that has not failed. */
  coming = true;
  private readonly wakeups = new Wakeups();

  /** A call goes now: the server is up, or no start is coming to wait for. */
  get settled(): boolean {
    return this.live || !this.coming;
  }

  up(): void {
    this.live = true;
    this.coming = false;
    this.wakeups.wake();
  }

  /** The session ended; `restarting`: the server is started again, and calls wait for it. */
  ended(restarting: boolean): void {
    this.live = false;
    this.coming = restarting;
    this.wakeups.wake();
  }

  failed(): void {
    this.coming = false;
    this.wakeups.wake();
  }

  /** True once up, waiting at most `ms` for a start coming; false when none is, after `ms`, or when `signal` aborts. */
  whenUp(ms: number, signal?: AbortSignal): Promise<boolean> {
    return this.wakeups.until(() => this.settled, ms, signal).then(() => this.live);
  }
}

/** Says a line to one client session (an MCP log message), each key once per session. */
export type TellOnce = (level: LoggingLevel, key: string, text: string) => void;

/** The logger name of what the proxy says itself, apart from what its servers log. */
export const PROXY_LOGGER = 'favindex-proxy';

/** A TellOnce for one session's Server: `told` holds the keys already said to it. */
export function tellerFor(server: Pick<Server, 'sendLoggingMessage'>, told: Set<string>): TellOnce {
  return (level, key, text) => {
    if (told.has(key)) return;
    told.add(key);
    server.sendLoggingMessage({ level, logger: PROXY_LOGGER, data: text }).catch(() => {});
  };
}

/**
 * A list request that waits (bounded) for what it needs that is still starting: `missing()`
 * names it, `until` waits for a readiness until the bound. The client is told that the list
 * waits, and, if the bound passed first, what the answer lacks and that list_changed brings it.
 * Returns what is still missing.
 */
export async function waitToList(
  method: string,
  missing: () => string[],
  until: (ready: () => boolean) => Promise<boolean>,
  tell: TellOnce | undefined,
  secondsLeft: () => number,
): Promise<string[]> {
  const before = missing();
  if (before.length === 0) return before;
  // Once a session: its first lists come together, and wait for the same start.
  tell?.('info', 'waiting', `${method} waits up to ${secondsLeft()} s for ${before.join('; ')}`);
  await until(() => missing().length === 0);
  const after = missing();
  if (after.length > 0) tell?.('warning', `without:${after.join(';')}`, incompleteNotice(method, after));
  return after;
}

/** Said to a client (MCP logging) and on stderr when a list is answered before all it needs was ready. */
export function incompleteNotice(method: string, reasons: readonly string[]): string {
  return `${method} answered before everything was ready (${reasons.join('; ')}); what is missing follows with list_changed`;
}

/** What a list answer's `_meta` says of the servers that are not up: each one's state in words. */
export const SERVERS_META_KEY = 'favindex/servers';

/** A server as far as its state in a list answer goes. */
export interface ServerStatus {
  readonly name: string;
  status(): string | null;
}

/**
 * The `_meta` of a list answer while some server is not up ("starting", "failed: why"), else
 * nothing; and each failed one said to the client once.
 */
export function serversNotUp(servers: Iterable<ServerStatus>, tell?: TellOnce): { _meta?: Record<string, unknown> } {
  const notUp: Record<string, string> = {};
  for (const server of servers) {
    const status = server.status();
    if (status === null) continue;
    notUp[server.name] = status;
    if (status.startsWith('failed')) {
      tell?.('warning', `failed:${server.name}`, `MCP server '${server.name}' ${status}; what it offers is missing from the lists until it is up`);
    }
  }
  return Object.keys(notUp).length > 0 ? { _meta: { [SERVERS_META_KEY]: notUp } } : {};
}

import type { Client } from '@modelcontextprotocol/client';
import { ApiError } from '@/lib/errors';
import { connectMcp, type McpConnection, type McpEndpoint } from './fetch-tools';
import type { TargetPolicy } from './guarded-fetch';
import { heartbeat } from './protocol';
import { errorMessage } from '@/lib/thrown';
import { fieldOf } from '@/lib/records';

export type ListenerSyncReason = 'connect' | 'list_changed';

export interface ToolsListenerOptions {
  endpoint: McpEndpoint;
  /** The addresses the endpoint may be at (see connectMcp); unchecked when absent. */
  guard?: TargetPolicy;
  /**
   * Read and store the tool list over the connected client: after every (re)connect (a change
   * may have been missed while away) and after each notifications/tools/list_changed.
   */
  onSync(client: Client, reason: ListenerSyncReason): Promise<void>;
  log?: (message: string) => void;
  /** A ping this often tells a dead session (server restarted, network gone) from a quiet one. */
  heartbeatMs?: number;
  backoff?: BackoffOptions;
  /** Notifications arriving within this window are one change. */
  debounceMs?: number;
  timeoutMs?: number;
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 5 * 60_000 };
const HEALTHY_SESSION_MS = 60_000;

/** Exponential backoff with ±20% jitter, so many app processes do not reconnect in step. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type ListenerState = 'connecting' | 'connected' | 'waiting' | 'closed';

/**
 * Keeps one MCP session open to a server so favindex hears notifications/tools/list_changed,
 * and reconnects with backoff whenever the session breaks.
 */
export class ToolsListener {
  private readonly options: ToolsListenerOptions;
  private closed = false;
  private connection: McpConnection | null = null;
  private wake: (() => void) | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  state: ListenerState = 'connecting';

  constructor(options: ToolsListenerOptions) {
    this.options = options;
  }

  start(): this {
    this.running ??= this.run();
    return this;
  }

  /** Leave the session (DELETE) and stop reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    this.state = 'closed';
    if (this.debounce) clearTimeout(this.debounce);
    this.wake?.();
    await this.running;
    await this.syncing?.catch(() => {});
  }

  private log(message: string): void {
    this.options.log?.(message);
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.closed) {
      this.state = 'connecting';
      try {
        const broken = this.brokenSignal();
        this.connection = await connectMcp(this.options.endpoint, {
          timeoutMs: this.options.timeoutMs,
          onToolsChanged: () => this.changed(),
          guard: this.options.guard,
        });
        if (this.closed) break;
        this.state = 'connected';
        const connectedAt = Date.now();
        this.watch(this.connection, broken.trigger);
        await this.requestSync('connect');
        await broken.promise;
        // Only a session that lasted resets the backoff: one that dies at once must not be retried in a tight loop.
        if (Date.now() - connectedAt > HEALTHY_SESSION_MS) attempt = 0;
        if (!this.closed) this.log('session lost; reconnecting');
      } catch (err) {
        // The operator's log may say what the caller's error does not (a guarded one is the same for every cause).
        const cause = fieldOf(err, 'cause');
        if (!this.closed) this.log(`cannot connect: ${errorMessage(err)}${cause instanceof Error ? ` (${cause.message})` : ''}`);
      }
      await this.dropConnection();
      if (this.closed) break;
      this.state = 'waiting';
      await this.sleep(backoffDelay(attempt++, this.options.backoff));
    }
    await this.dropConnection();
  }

  /** A promise that settles when the session is found broken, or the listener is closed. */
  private brokenSignal(): { promise: Promise<void>; trigger: () => void } {
    let trigger!: () => void;
    const promise = new Promise<void>((resolve) => {
      trigger = resolve;
    });
    this.wake = trigger;
    return { promise, trigger };
  }

  private watch({ client, closed }: McpConnection, broken: () => void): void {
    const heartbeatMs = this.options.heartbeatMs ?? 30_000;
    const timer = setInterval(() => void check(), heartbeatMs);
    const fail = () => {
      clearInterval(timer);
      broken();
    };
    let checking = false;
    const check = async () => {
      if (checking || this.closed) return;
      checking = true;
      try {
        await heartbeat(client, Math.min(heartbeatMs, 10_000));
      } catch {
        fail();
      } finally {
        checking = false;
      }
    };
    this.wake = fail;
    void closed.then(fail);
    // The SDK reports a lost GET stream as an error: find out at once whether the session survived.
    client.onerror = () => void check();
  }

  private changed(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.requestSync('list_changed');
    }, this.options.debounceMs ?? 200);
  }

  /** One sync at a time; a change announced during a sync runs one more after it. */
  private async requestSync(reason: ListenerSyncReason): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    const client = this.connection?.client;
    if (!client || this.closed) return;
    this.syncing = (async () => {
      let next: ListenerSyncReason | null = reason;
      while (next && !this.closed) {
        this.syncAgain = false;
        try {
          await this.options.onSync(client, next);
        } catch (err) {
          this.log(`sync failed: ${errorMessage(err)}`);
          // An unreachable server means the session is gone too; other failures keep it.
          if (err instanceof ApiError && err.code === 'UPSTREAM_UNAVAILABLE') this.wake?.();
        }
        next = this.syncAgain ? 'list_changed' : null;
      }
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async dropConnection(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.close();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

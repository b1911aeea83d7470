import type { Client, CallToolResult, ClientCapabilities, Progress, ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { type LeftOutTool, readAllTools } from '@/mcp/fetch-tools';
import { heartbeat } from '@/mcp/protocol';
import { backoffDelay, type BackoffOptions } from '@/mcp/tools-listener';
import { callUpstreamTool, connectUpstream, endpointLabel, STOP_GRACE_MS, type UpstreamConnection, type UpstreamEndpoint } from '@/mcp/upstream';
import type { CallParams } from '@/mcp/direct-calls';
import type { EncodedResult } from '@/mcp/encoded-result';
import type { UpstreamConfig } from './config';
import { errorMessage } from '@/lib/thrown';
import { fieldOf } from '@/lib/records';
import { Arrival } from './start-wait';

export type UpstreamState = 'starting' | 'up' | 'down' | 'stopped';

/** A server's tools as it listed them: checked as a catalog, and as sent (to pass on untouched). */
export interface UpstreamTools {
  tools: CatalogTool[];
  raw: Tool[];
}

export interface UpstreamOptions {
  timeoutMs: number;
  callTimeoutMs: number;
  backoff: BackoffOptions;
  /** A ping this often finds a Streamable HTTP server that went away (stdio: the process exit says so). */
  heartbeatMs: number;
  /** stdio servers: one message at most this long (--max-message-mb). */
  maxMessageBytes?: number;
  log(message: string): void;
  /** What the proxy's client declares to each server, and the handlers it installs on each new session. */
  client?: { capabilities: ClientCapabilities; setup(server: string, client: Client): void };
}

/** Who hears of a server's tools and state: given at start, once what it tells exists. */
export interface UpstreamEvents {
  onTools(server: string, tools: UpstreamTools): void;
  onState(server: string, state: UpstreamState): void;
}

/** One call's time left, cancellation, progress, and whether a large result may stay encoded. */
type CallOptions = { timeoutMs: number; signal?: AbortSignal; onProgress?: (progress: Progress) => void; encoded: boolean };

/** The call could not reach the server: it is down, starting, or went away during the call. */
export class UpstreamUnavailable extends Error {}

/**
 * One upstream MCP server: connected, its tools read (every page) after each (re)connect and
 * each list_changed, and restarted with backoff whenever it dies. A call while it starts (its
 * first start, or a restart after its session went away) waits for it within the call's
 * timeout; while a start failed, calls fail at once with why and when the next try is.
 */
export class Upstream {
  state: UpstreamState = 'starting';
  lastError: string | null = null;
  restarts = 0;
  nextAttemptAt: number | null = null;
  private connection: UpstreamConnection | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private relisting: Promise<void> | null = null;
  private relistAgain = false;
  private running: Promise<void> | null = null;
  /** Aborts a start under way when the proxy stops (a server that never answers initialize). */
  private readonly stopping = new AbortController();
  /** What the server offered when last connected (kept while it is down). */
  lastCapabilities: ServerCapabilities | null = null;
  /** The MCP revision of the last session (kept while it is down). */
  protocolVersion: string | null = null;
  /** Told of every change of state, besides `onState` (the passthrough re-subscribes after a restart). */
  readonly stateListeners = new Set<(state: UpstreamState) => void>();
  /** Tools of its last list that no catalog can hold: left out, the others served (kept while it is down). */
  leftOut: readonly LeftOutTool[] = [];
  /** Each tool left out is said once (by name and reason), not at every restart or list_changed. */
  private readonly saidLeftOut = new Set<string>();
  /** Whether calls wait for it now (a start coming), and wake them when it is up or its start failed. */
  private readonly arrival = new Arrival();
  private events: UpstreamEvents | null = null;

  constructor(
    readonly name: string,
    readonly endpoint: UpstreamEndpoint,
    private readonly options: UpstreamOptions,
  ) {}

  start(events: UpstreamEvents): void {
    this.events = events;
    this.running ??= this.run();
  }

  /** Ends the server within about STOP_GRACE_MS, whatever it is doing (starting, listing, in a call). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    this.wake?.();
    // The loop sees the abort or the closed session at once; the bound is for what does not end by itself (a hung HTTP server).
    const bound = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.all([this.connection?.close(STOP_GRACE_MS), this.running]), bound]);
    this.setState('stopped');
    this.arrival.ended(false);
  }

  /** The server's state in words while it is not up ("starting", "failed: why"), for a list's answer and the reports; null when up. */
  status(): string | null {
    if (this.state === 'up' || this.state === 'stopped') return null;
    if (this.state === 'starting') return 'starting';
    return this.arrival.coming ? `restarting (${this.lastError ?? 'its session ended'})` : `failed: ${this.lastError ?? 'not connected'}`;
  }

  /** True once the server is up, waiting at most `ms` for a start under way; false at once when none is (see Arrival). */
  whenUp = (ms: number, signal?: AbortSignal): Promise<boolean> => this.arrival.whenUp(ms, signal);

  /** Why calls fail now, for the error a model and a user read. */
  unavailableReason(): string {
    const when = this.nextAttemptAt ? `; next try in ${Math.max(0, Math.ceil((this.nextAttemptAt - Date.now()) / 1000))} s` : '';
    if (this.state === 'starting') return `MCP server '${this.name}' is starting`;
    return `MCP server '${this.name}' is unavailable (${this.lastError ?? 'not connected'}); favindex proxy is restarting it (restart ${this.restarts}${when})`;
  }

  /**
   * `encoded`: the caller writes a result as it came, and takes a large one as an EncodedResult
   * (stdio sessions on 2025-11-25). While the server starts, the call waits for it, within its timeout.
   */
  call(params: CallParams, signal?: AbortSignal, onProgress?: (progress: Progress) => void, encoded = false): Promise<CallToolResult | EncodedResult> {
    // Up: no wait on the call's path, not even a turn of the event loop.
    if (this.arrival.settled) return this.callNow(params, { timeoutMs: this.options.callTimeoutMs, signal, onProgress, encoded });
    const startedAt = Date.now();
    return this.whenUp(this.options.callTimeoutMs, signal).then((up) => {
      const left = this.options.callTimeoutMs - (Date.now() - startedAt);
      if (signal?.aborted) throw signal.reason;
      if (!up && this.arrival.coming) {
        throw new UpstreamUnavailable(
          `MCP server '${this.name}' is still starting after the call's timeout (${Math.round(this.options.callTimeoutMs / 1000)} s, --call-timeout)`,
        );
      }
      return this.callNow(params, { timeoutMs: left, signal, onProgress, encoded });
    });
  }

  private async callNow(params: CallParams, how: CallOptions): Promise<CallToolResult | EncodedResult> {
    const connection = this.connection;
    if (this.state !== 'up' || !connection) throw new UpstreamUnavailable(this.unavailableReason());
    try {
      // A stdio session on 2025-11-25 takes its calls through DirectCalls: no last progress is lost (typescript-sdk#2580).
      if (connection.direct) return await connection.direct.call(params, how);
      return await callUpstreamTool(connection.client, params, how);
    } catch (err) {
      // A transport failure means the session is gone: restart now rather than at the next ping.
      if (this.connection === connection && isTransportFailure(err)) {
        this.lastError = errorMessage(err);
        this.wake?.();
        throw new UpstreamUnavailable(`MCP server '${this.name}' went away during the call (${errorMessage(err)}); favindex proxy is restarting it`);
      }
      throw err;
    }
  }

  /** The live session, for requests other than tools/call; while the server is down, why not. */
  session(): Client {
    if (this.state !== 'up' || !this.connection) throw new UpstreamUnavailable(this.unavailableReason());
    return this.connection.client;
  }

  private setState(state: UpstreamState): void {
    if (this.state === state) return;
    this.state = state;
    this.events?.onState(this.name, state);
    for (const listener of this.stateListeners) listener(state);
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const startedAt = Date.now();
      try {
        const client = this.options.client;
        const connection = await connectUpstream(this.endpoint, {
          timeoutMs: this.options.timeoutMs,
          signal: this.stopping.signal,
          maxMessageBytes: this.options.maxMessageBytes,
          log: (message) => this.options.log(`${this.name}: ${message}`),
          onToolsChanged: () => void this.relist(),
          ...(client ? { capabilities: client.capabilities, setup: (c: Client) => client.setup(this.name, c) } : {}),
        });
        if (this.stopped) {
          await connection.close();
          break;
        }
        this.connection = connection;
        this.lastCapabilities = connection.client.getServerCapabilities() ?? null;
        this.protocolVersion = connection.protocolVersion;
        this.listed(await readAllTools(connection.client, endpointLabel(this.endpoint), this.options.timeoutMs));
        this.lastError = null;
        this.nextAttemptAt = null;
        this.setState('up');
        this.arrival.up();
        if (attempt > 0) this.options.log(`${this.name}: back up`);
        await this.untilBroken(connection);
        if (!this.stopped) {
          const tail = connection.stderrTail().trim().split('\n').slice(-3).join(' | ');
          this.lastError ??= `the server exited${tail ? `: ${tail}` : ''}`;
        }
      } catch (err) {
        this.lastError = errorMessage(err);
      }
      // Not up since the last start: it failed, which the calls waiting for it hear. (A session that ended was said in untilBroken.)
      if (this.state !== 'up') this.arrival.failed();
      await this.connection?.close();
      this.connection = null;
      if (this.stopped) break;
      // A server that stayed up a while starts the backoff afresh; one that dies at once waits longer each time.
      if (Date.now() - startedAt > 60_000) attempt = 0;
      const delay = backoffDelay(attempt++, this.options.backoff);
      this.restarts++;
      this.nextAttemptAt = Date.now() + delay;
      this.setState('down');
      this.options.log(`${this.name}: ${this.lastError}; restarting in ${(delay / 1000).toFixed(1)} s (attempt ${attempt})`);
      await this.sleep(delay);
    }
  }

  /** A list read: the tools it can serve go on; each tool left out is said once, with why. */
  private listed({ tools, raw, leftOut }: UpstreamTools & { leftOut: LeftOutTool[] }): void {
    this.leftOut = leftOut;
    for (const tool of leftOut) {
      const key = `${tool.name}\n${tool.reason}`;
      if (this.saidLeftOut.has(key)) continue;
      this.saidLeftOut.add(key);
      this.options.log(`${this.name}: left out tool '${tool.name}': ${tool.reason}; the server's other tools are served`);
    }
    this.events?.onTools(this.name, { tools, raw });
  }

  /** Settles when the session ends (stdio: the process exits), a heartbeat fails, or the proxy stops. */
  private untilBroken(connection: UpstreamConnection): Promise<void> {
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        heartbeat(connection.client, Math.min(this.options.heartbeatMs, 10_000)).catch((err: Error) => {
          this.lastError = `it stopped answering (${err.message})`;
          done();
        });
      }, this.options.heartbeatMs);
      timer.unref();
      const done = () => {
        clearInterval(timer);
        this.wake = null;
        // The server is started again at once: calls from now on wait for it.
        this.arrival.ended(!this.stopped);
        resolve();
      };
      this.wake = done;
      void connection.closed.then(done);
    });
  }

  /** After list_changed: read the list again; one more read if another change came meanwhile. */
  private async relist(): Promise<void> {
    if (this.relisting) {
      this.relistAgain = true;
      return this.relisting;
    }
    this.relisting = (async () => {
      do {
        this.relistAgain = false;
        const connection = this.connection;
        if (!connection) return;
        try {
          this.listed(await readAllTools(connection.client, endpointLabel(this.endpoint), this.options.timeoutMs));
        } catch (err) {
          this.options.log(`${this.name}: reading tools/list after list_changed failed: ${errorMessage(err)}`);
        }
      } while (this.relistAgain && !this.stopped);
    })().finally(() => {
      this.relisting = null;
    });
    return this.relisting;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

function isTransportFailure(err: unknown): boolean {
  const code = fieldOf(err, 'code');
  // -32000: the SDK's ConnectionClosed.
  return code === -32000 || (err instanceof TypeError && /fetch failed/i.test(err.message)) || /not connected/i.test(errorMessage(err));
}

/** The servers of an mcpServers file, by name, not started yet (Upstream.start). */
export function createUpstreams(configs: readonly UpstreamConfig[], options: UpstreamOptions): Map<string, Upstream> {
  return new Map(configs.map((config) => [config.name, new Upstream(config.name, config.endpoint, options)]));
}

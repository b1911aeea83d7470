import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROXY_REPORT_INTERVAL_MS, PROXY_REPORT_LIMITS as L } from '@/lib/limits';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { presentedList } from '@/lib/surface/presented';
import type { ProxyProblems } from './problems';
import type { Presenter } from './presenter';
import type { Spool } from './spool';
import type { ToolsCache } from './tools-cache';
import type { Upstream } from './upstreams';

/** What a report is read from: the proxy's state, as far as a report needs it. */
export interface ReportedState {
  readonly tools: Pick<ToolsCache, 'get'>;
  readonly presenter: Pick<Presenter, 'sessions' | 'view' | 'catalog' | 'policy'>;
  readonly upstreams: ReadonlyMap<string, Pick<Upstream, 'name' | 'state' | 'lastError' | 'restarts' | 'protocolVersion' | 'leftOut'>>;
}

export interface ReporterOptions {
  /** favindex's answer is not read: a report either went through or did not. */
  api: { putProxyReport(proxyId: string, report: ProxyReport): Promise<unknown> };
  state: ReportedState;
  spool: Pick<Spool, 'backlog' | 'dropped'> & {
    readonly rejected: Pick<Spool['rejected'], 'count'>;
    readonly trouble: Pick<Spool['trouble'], 'lost' | 'lostCause'>;
  };
  stateDir: string;
  transport: ProxyReport['transport'];
  version: string;
  /** The proxy's last error (a refused upload, a missing scope), or null. */
  lastError(): string | null;
  log(message: string): void;
  /** Where the proxy's other requests to favindex say their failures once per cause; without it, a refused report is logged once. */
  problems?: Pick<ProxyProblems, 'report' | 'reached'>;
  /** How often it looks for a change (the debounce) and reports without one. */
  checkMs?: number;
  intervalMs?: number;
}

const PROXY_ID_FILE = 'proxy-id';
const RETRY_MS = 5_000;
/** A backlog younger than this is a proxy keeping up (traces are sealed every half second): its wait is not reported. */
const LAG_REPORTED_MS = 1_000;

/** The proxy's own id, made once and kept in its state folder, so a restart is the same proxy. */
export function proxyId(stateDir: string): string {
  const file = path.join(stateDir, PROXY_ID_FILE);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  } catch {
    // none yet
  }
  const made = randomBytes(12).toString('base64url');
  try {
    fs.mkdirSync(stateDir, { recursive: true });
    fs.writeFileSync(file, `${made}\n`);
  } catch {
    // Unkept, the id lasts this run; the next start reports as a new proxy.
  }
  return made;
}

/** Cut a text to what a report takes, control characters (a stack trace's newlines) made spaces. */
function clip(text: string | null, max: number): string | null {
  if (text === null) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the report refuses
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** "left out tool 'deep' (it nests deeper …)" for the tools of a server's list no catalog can hold, or null. */
function leftOutText(leftOut: Upstream['leftOut']): string | null {
  if (leftOut.length === 0) return null;
  const [first, ...rest] = leftOut;
  const others = rest.length > 0 ? ` and ${rest.length} more: ${rest.map((t) => `'${t.name}'`).join(', ')}` : '';
  return `left out tool '${first?.name}' (${first?.reason})${others}; the other tools are served`;
}

/**
 * Tells favindex what this proxy is and presents (§auth, proxy reports): at start, about a second
 * after a change, every 30 s, and once on stop. A report never waits on or fails a tool call; a
 * refused one is logged once, until one goes through.
 */
export class ProxyReporter {
  readonly id: string;
  private readonly startedAt = new Date().toISOString();
  private sentSignature: string | null = null;
  private lastSentAt = 0;
  private sending: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failure: string | null = null;
  private stopped = false;

  constructor(private readonly options: ReporterOptions) {
    this.id = proxyId(options.stateDir);
  }

  start(): void {
    void this.send('running');
    this.timer = setInterval(() => this.check(), this.options.checkMs ?? 1_000);
    this.timer.unref();
  }

  /** The last report, saying the proxy stopped; waits at most `ms` for favindex. */
  async stop(ms: number): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const last = (async () => {
      await this.sending;
      await this.send('stopped', true);
    })();
    await Promise.race([last, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  /** Everything but the backlog, which moves with every call: a change of it alone waits for the interval. */
  private described(state: ProxyReport['state']): Omit<ProxyReport, 'spool'> {
    const s = this.options.state;
    const p = s.presenter;
    const servers = [...s.upstreams.values()].map((u) => ({
      name: u.name,
      state: u.state,
      tools: s.tools.get(u.name)?.tools.length ?? 0,
      // A tool left out is news of that tool, on its server's line while nothing worse is.
      lastError: clip(u.lastError ?? leftOutText(u.leftOut), L.error),
      restarts: u.restarts,
      ...(u.protocolVersion ? { protocol: u.protocolVersion } : {}),
    }));
    const clients = new Map<string, { sessions: number; protocols: Set<string> }>();
    for (const session of p.sessions) {
      const name = clip(session.client, L.clientName) || 'unknown';
      const entry = clients.get(name) ?? { sessions: 0, protocols: new Set<string>() };
      entry.sessions++;
      if (session.protocol) entry.protocols.add(session.protocol);
      clients.set(name, entry);
    }
    // What a new session of no named client is given, under the token's policy.
    const presented = presentedList(p.policy.viewFor(p.catalog, p.view, null), p.policy.catalogFor(p.catalog, p.view, null)).tools.map((t) => t.name);
    return {
      host: clip(os.hostname(), L.host) || 'unknown',
      version: this.options.version,
      startedAt: this.startedAt,
      transport: this.options.transport,
      state,
      surfaceRevision: p.view.revision,
      servers,
      clients: [...clients]
        .slice(0, L.clients)
        .map(([name, { sessions, protocols }]) => ({ name, sessions, ...(protocols.size ? { protocols: [...protocols].sort().slice(0, 4) } : {}) })),
      presented: { count: presented.length, names: presented.slice(0, L.presentedNames).map((n) => n.slice(0, L.presentedName)) },
      lastError: clip(this.options.lastError(), L.error),
    };
  }

  private check(): void {
    if (this.stopped || this.sending) return;
    const signature = this.signature(this.described('running'));
    const since = Date.now() - this.lastSentAt;
    // After a refusal, a change waits a few seconds more: favindex may be down or starting.
    if (this.failure !== null && since < RETRY_MS) return;
    const due = since >= (this.options.intervalMs ?? PROXY_REPORT_INTERVAL_MS);
    if (signature !== this.sentSignature || due) void this.send('running');
  }

  /** What changed enough to report at once: traces starting to be lost is news, their count is not. */
  private signature(described: Omit<ProxyReport, 'spool'>): string {
    return JSON.stringify([described, this.options.spool.trouble.lostCause]);
  }

  /**
   * The backlog, how long its oldest trace has waited, and what was lost or set aside; the
   * wait is left out under LAG_REPORTED_MS and the others while 0, so an older favindex takes
   * the report of a proxy that keeps up.
   */
  private spoolFigures(): ProxyReport['spool'] {
    const spool = this.options.spool;
    const { events, bytes, oldestAt } = spool.backlog();
    const lagMs = oldestAt === null ? 0 : Math.max(0, Date.now() - oldestAt);
    return {
      events,
      bytes,
      ...(lagMs >= LAG_REPORTED_MS ? { lagMs } : {}),
      dropped: spool.dropped,
      ...(spool.trouble.lost > 0 ? { lost: spool.trouble.lost, lostCause: clip(spool.trouble.lostCause, L.lostCause) } : {}),
      ...(spool.rejected.count > 0 ? { setAside: spool.rejected.count } : {}),
    };
  }

  private send(state: ProxyReport['state'], last = false): Promise<void> {
    if (this.sending && !last) return this.sending;
    const described = this.described(state);
    const report: ProxyReport = { ...described, spool: this.spoolFigures() };
    const signature = this.signature(described);
    const sending = this.options.api
      .putProxyReport(this.id, report)
      .then(() => {
        this.sentSignature = signature;
        this.failure = null;
        this.options.problems?.reached();
      })
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (this.options.problems) this.options.problems.report(err, 'status report');
        else if (message !== this.failure) this.options.log(`report to favindex not taken (${message}); the proxy runs on and tries again`);
        this.failure = message;
      })
      .finally(() => {
        this.lastSentAt = Date.now();
        if (this.sending === sending) this.sending = null;
      });
    this.sending = sending;
    return sending;
  }
}

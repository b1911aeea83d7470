import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach } from 'vitest';
import type { PutCatalogResult } from '@/lib/contracts/catalog';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { FavindexApi } from '@/proxy/favindex-api';
import { ProxyProblems } from '@/proxy/problems';
import { ProxyState } from '@/proxy/runtime';
import { ProxySession } from '@/proxy/session';
import type { Spool } from '@/proxy/spool';
import { Upstream } from '@/proxy/upstreams';
import { UNSTARTED_UPSTREAM_OPTIONS } from './unstarted-upstream-options';

/** A favindex that takes every catalog and changes nothing: these proxies never reach a server. */
class QuietFavindex extends FavindexApi {
  constructor() {
    super('http://favindex.test', 'p', 't', 1_000);
  }
  override async putCatalog(server: string): Promise<PutCatalogResult> {
    return { server, version: 1, fingerprint: 'f', changed: false, added: [], removed: [], changedTools: [], resolvedCalls: 0 };
  }
}

/** An upstream that answers every call and remembers it: a refused call must never get here. */
export class RecordingUpstream extends Upstream {
  readonly called: string[] = [];
  override async call(params: { name: string }): Promise<CallToolResult> {
    this.called.push(`${this.name}/${params.name}`);
    return { content: [{ type: 'text', text: 'done' }] };
  }
}

/** A server of a test proxy: its tools, and `listed: false` for one that has not listed them yet (still starting). */
export interface TestServer {
  name: string;
  tools: CatalogTool[];
  listed?: false;
}

/**
 * A proxy's state in process, for handleCall: `servers` listed as each would list them, each
 * behind a RecordingUpstream; what the proxy says goes to `lines`. Its tools cache lives in `dir`.
 */
function proxyCallState(servers: readonly TestServer[], dir: string, lines: string[]): { state: ProxyState; upstreams: RecordingUpstream[] } {
  const upstreams = servers.map((s) => new RecordingUpstream(s.name, { transport: 'stdio', command: 'none', args: [], env: {} }, UNSTARTED_UPSTREAM_OPTIONS));
  const api = new QuietFavindex();
  const never = () => false;
  const problems = new ProxyProblems(api.baseUrl, never, never);
  const state = new ProxyState({ upstreams: new Map(upstreams.map((u) => [u.name, u])), api, toolsDir: `${dir}/tools`, log: (m) => lines.push(m), problems });
  for (const server of servers) {
    if (server.listed === false) continue;
    state.setTools(server.name, {
      tools: server.tools,
      raw: server.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: (t.inputSchema ?? { type: 'object' }) as { type: 'object' } })),
    });
  }
  return { state, upstreams };
}

/** A session of `client`; `told` counts the list_changed notifications it was sent. */
export function sessionOf(client: string | null, told: { count: number } = { count: 0 }): ProxySession {
  const session = new ProxySession(async () => {
    told.count++;
  });
  session.client = client;
  return session;
}

/**
 * What each test of handleCall starts from, fresh: the proxy's state over `servers` (in a folder
 * of its own, removed after the test), the traces its spool took and the lines it said.
 */
export function callTestBed(servers: readonly TestServer[]) {
  const bed = { dir: '', traces: [] as Record<string, unknown>[], started: [] as Record<string, unknown>[], lines: [] as string[] };
  beforeEach(() => {
    bed.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-proxy-calls-'));
    bed.traces = [];
    bed.started = [];
    bed.lines = [];
  });
  afterEach(() => fs.rmSync(bed.dir, { recursive: true, force: true }));
  // A cast: handleCall uses only begin and appendAfterAnswer, and a test reads the traces from the arrays.
  const spool = {
    begin: (event: Record<string, unknown>) => bed.started.push(event),
    appendAfterAnswer: (_id: string, trace: () => Record<string, unknown>) => bed.traces.push(trace()),
  } as unknown as Spool;
  return { bed, spool, proxyState: () => proxyCallState(servers, bed.dir, bed.lines) };
}

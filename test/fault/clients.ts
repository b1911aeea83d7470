import { createHash } from 'node:crypto';

export interface TraceEvent {
  id: string;
  timestamp: string;
  tool: string;
  sessionId: string;
  status: string;
}

/** A mix of presented names: canonical, catalog namespace, typed, unresolvable and meta. */
const TOOLS = ['github/create_issue', 'all/github/list_issues', 'github__get_issue', 'jira__create_ticket', 'mcp_find_tools', 'create_pull_request'];

export function traceEvent(id: string, n: number, sessionId: string, now = Date.now()): TraceEvent {
  return {
    id,
    // Spread over the last two days, so the rollup has more than one day.
    timestamp: new Date(now - 60_000 - (n % 2_880) * 60_000).toISOString(),
    tool: TOOLS[n % TOOLS.length]!,
    sessionId,
    status: n % 17 === 0 ? 'error' : 'ok',
  };
}

export function ndjson(events: readonly object[]): string {
  return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

/** The digest storedTotals computes: md5 of the sorted ids, comma-joined. */
export function idDigest(ids: Iterable<string>): string {
  return createHash('md5')
    .update([...new Set(ids)].sort().join(','))
    .digest('hex');
}

/** A small seeded generator, so a failing run can be replayed. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

export interface Admin {
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/** Log in as the admin and get a fetch that carries the session and our Origin, as the dashboard does. */
export async function loginAdmin(baseUrl: string, password: string): Promise<Admin> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const [cookie = ''] = (res.headers.get('set-cookie') ?? '').split(';');
  return {
    fetch(path, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        headers: { cookie, origin: baseUrl, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(headers as Record<string, string>) },
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
  };
}

export interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: unknown[];
}

/** One POST of an NDJSON batch with the project token. Network failures throw. */
export async function postBatch(baseUrl: string, projectId: string, token: string, events: readonly object[]): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}/api/projects/${projectId}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${token}` },
    body: ndjson(events),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { api } from './api';

/** The real tools/list of a fixture server (github, gitlab, filesystem, memory, everything). */
export function fixtureCatalog(server: string) {
  const found = DEMO_SERVERS.find((s) => s.server === server);
  if (!found) throw new Error(`no fixture catalog '${server}'`);
  return { tools: found.tools };
}

let counter = 0;
/** A project with a unique id for this test, optionally with fixture catalogs. */
export async function createTestProject(servers: string[] = [], prefix = 'p'): Promise<string> {
  const id = `${prefix}-${process.pid}-${++counter}-${Math.floor(Math.random() * 1e6)}`;
  const res = await api.post('/api/projects', { json: { id } });
  if (res.status !== 201) throw new Error(`could not create project: ${res.text}`);
  for (const server of servers) {
    const put = await api.put(`/api/projects/${id}/catalog/${server}`, { json: fixtureCatalog(server) });
    if (put.status >= 300) throw new Error(`could not put catalog ${server}: ${put.text}`);
  }
  return id;
}

export function event(id: string, tool: string, extra: Record<string, unknown> = {}) {
  return { id, type: 'tool_call_trace', timestamp: new Date(Date.now() - 60_000).toISOString(), tool, ...extra };
}

import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { writeFavourites } from '@/server/favourites/favourites';
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

/** Favourites two of which share the tool name create_issue: what tells naming schemes apart. */
export const SHARED_NAME_FAVOURITES = ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'];

/** A project on the github, gitlab and filesystem catalogs with SHARED_NAME_FAVOURITES pinned, as one favourites version. */
export async function createProjectWithSharedNames(db: Db): Promise<string> {
  const id = await createTestProject(['github', 'gitlab', 'filesystem']);
  await writeFavourites(db, id, { enabled: true, maxFavourites: 15, tools: SHARED_NAME_FAVOURITES }, { via: 'api' });
  return id;
}

/** How many raw events the project has stored. */
export async function storedEventCount(db: Db, projectId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from events where project_id = ${projectId}`);
  if (!row) throw new Error('an aggregate without group by returns one row');
  return row.n;
}

import { getDb } from '@/db/client';
import { requireProject } from '@/db/queries/projects';
import { listRecentSessions } from '@/db/queries/surface';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { sessionsQuerySchema } from '@/lib/schemas/preview-query';

/** Recently active recorded sessions, newest first: the preview's replay picker. */
export const GET = apiRoute<{ id: string }>('admin', async ({ req, params }) => {
  const { limit } = parseQuery(sessionsQuerySchema, req.url);
  const db = await getDb();
  await requireProject(db, params.id);
  return json({ sessions: await listRecentSessions(db, params.id, limit) });
});

import { sessionsQuerySchema } from '@/lib/schemas/preview-query';
import { projectParams } from '@/lib/api/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { recentSessions } from '@/server/surface/sessions';

/** Recently active recorded sessions, newest first: the preview's replay picker. */
export const GET = apiRoute({ access: 'admin', params: projectParams, query: sessionsQuerySchema }, async ({ db, params, query }) => {
  return json({ sessions: await recentSessions(db, params.id, query.limit) });
});

import type { Db } from '@/db/client';
import { listRecentSessions, listSessionCalls } from '@/db/queries/sessions';
import type { SessionSummary } from '@/lib/contracts/sessions';
import { ApiError } from '@/lib/errors';
import type { RecordedSession } from '@/lib/surface/preview-response';
import { requireProject } from '@/server/projects/project-locks';

/** Recently active recorded sessions of a project, newest first: the preview's replay picker. */
export async function recentSessions(db: Db, projectId: string, limit: number): Promise<SessionSummary[]> {
  await requireProject(db, projectId);
  return listRecentSessions(db, projectId, limit);
}

/** A recorded session's calls, to replay in the preview; 404 when the project has none in it. */
export async function recordedSession(db: Db, projectId: string, sessionId: string): Promise<RecordedSession> {
  const { calls, truncated } = await listSessionCalls(db, projectId, sessionId);
  if (calls.length === 0) {
    throw new ApiError('SESSION_NOT_FOUND', `project '${projectId}' has no recorded calls in session '${sessionId}'`, {
      suggestedAction: `pick a session from GET /api/projects/${projectId}/sessions`,
      citedRule: '§surface',
    });
  }
  return { id: sessionId, calls, truncated };
}

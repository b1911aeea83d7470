import { CHANGE_ENDPOINTS } from '@/lib/api/changes';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { requireProject } from '@/server/projects/project-locks';

/** What each topic of a project has had written to it in this process: an open page polls it to know what to refetch. */
export const GET = endpointRoute(CHANGE_ENDPOINTS.changes, async ({ app, db, params }) => {
  // A page open on a project deleted meanwhile is told so, as every other project route does.
  await requireProject(db, params.id);
  return answer(200, { project: params.id, epoch: app.changeFeed.epoch, versions: app.changeFeed.versions(params.id) });
});

import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { requireProject } from '@/server/projects/projects';

/** What each topic of a project has had written to it in this process: an open page polls it to know what to refetch. */
export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ app, db, params }) => {
  // A page open on a project deleted meanwhile is told so, as every other project route does.
  await requireProject(db, params.id);
  return json({ project: params.id, epoch: app.changeFeed.epoch, versions: app.changeFeed.versions(params.id) });
});

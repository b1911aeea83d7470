import { getDb } from '@/db/client';
import { listProjects } from '@/db/queries/projects';
import { projectDailyCalls } from '@/db/queries/usage/project-daily-calls';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { usageOverviewQuerySchema } from '@/lib/schemas/usage';
import { projectsOverview } from '@/lib/usage/overview';
import { usageWindow } from '@/lib/usage/window';

/** Every project's calls per day over a short window (default 7d): the projects list's sparklines. */
export const GET = apiRoute('admin', async ({ req }) => {
  const query = parseQuery(usageOverviewQuerySchema, req.url, '§usage');
  const window = usageWindow(query.window, query.until ?? new Date());
  const db = await getDb();
  const [projects, calls] = await Promise.all([listProjects(db), projectDailyCalls(db, window)]);
  return json({
    window,
    projects: projectsOverview(
      window,
      projects.map((p) => p.id),
      calls,
    ),
  });
});

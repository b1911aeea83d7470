import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bakeoffTasks, favouriteIndexes, findabilityTestQueries, projects, routerConfigs } from '@/db/schema';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import type { ProjectConfig } from '@/lib/yaml/project-document';

/** Projects with their favourites and the rest of their configuration, ordered by id; all of them when `ids` is not given. */
export async function projectConfigs(db: Db, ids?: readonly string[]): Promise<ProjectConfig[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({
      project: projects,
      favourites: favouriteIndexes,
      routers: routerConfigs.config,
      testQueries: findabilityTestQueries.queries,
      bakeoffTasks: bakeoffTasks.tasks,
    })
    .from(projects)
    .innerJoin(favouriteIndexes, eq(favouriteIndexes.projectId, projects.id))
    .leftJoin(routerConfigs, eq(routerConfigs.projectId, projects.id))
    .leftJoin(findabilityTestQueries, eq(findabilityTestQueries.projectId, projects.id))
    .leftJoin(bakeoffTasks, eq(bakeoffTasks.projectId, projects.id))
    .where(ids ? inArray(projects.id, [...ids]) : undefined)
    .orderBy(asc(projects.id));
  return rows.map(({ project, favourites, routers, testQueries, bakeoffTasks: tasks }) => ({
    id: project.id,
    description: project.description,
    metaTools: project.metaTools,
    retentionDays: project.retentionDays,
    surface: project.surface,
    policy: project.policy,
    favourites: { enabled: favourites.enabled, maxFavourites: favourites.maxFavourites, tools: favourites.tools },
    ...(routers ? { routers } : {}),
    testQueries: testQueries ?? [],
    // Sound: only setBakeoffTasks (bakeoff-tasks.ts) writes this column, as JSON of BakeoffTask[].
    bakeoffTasks: tasks ? (JSON.parse(tasks) as BakeoffTask[]) : [],
  }));
}

/** Lock these projects' rows, in id order, so two writers touching the same projects cannot deadlock. */
export async function lockProjects(db: Db, ids: readonly string[]): Promise<void> {
  await db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.id, [...ids]))
    .orderBy(asc(projects.id))
    .for('update');
}

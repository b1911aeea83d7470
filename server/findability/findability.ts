import type { Db } from '@/db/client';
import { lockProjects } from '@/db/queries/project-configs';
import { setTestQueries, testQueries } from '@/db/queries/test-queries';
import { withTransactionRetry } from '@/db/sql';
import type { FindabilityResponse, TestQuery } from '@/lib/contracts/findability';
import { ApiError } from '@/lib/errors';
import type { FindabilityQuery } from '@/lib/schemas/findability';
import { buildFindabilityResponse } from '@/lib/surface/findability-response';
import type { AppContext } from '@/server/app-context';
import { catalogToolNames } from '@/server/catalog/catalog';
import { requireProject } from '@/server/projects/project-locks';
import { runningProxies } from '@/server/proxies/proxies';
import { loadSurfaceInputs } from '@/server/surface/inputs';

/**
 * Whether the client's search finds each tool it defers (§surface). While a proxy is connected,
 * only the servers connected proxies run count, as in the preview: no model sees the others.
 */
export async function findabilityReport(app: AppContext, projectId: string, query: FindabilityQuery): Promise<FindabilityResponse> {
  const running = await runningProxies(app.db, projectId);
  const inputs = await loadSurfaceInputs(app.db, app.catalogs, projectId, running?.servers ?? null);
  const queries = await testQueries(app.db, projectId);
  return buildFindabilityResponse(
    { project: projectId, surface: inputs.surface, favourites: inputs.favourites, routers: inputs.routers, catalog: inputs.catalog, testQueries: queries },
    query,
  );
}

export async function loadTestQueries(db: Db, projectId: string): Promise<TestQuery[]> {
  await requireProject(db, projectId);
  return testQueries(db, projectId);
}

/**
 * Replace the test queries, all or nothing: a query for a tool the catalog does not hold is
 * refused with the others, so a typo never costs the list kept before.
 */
export async function replaceTestQueries(db: Db, projectId: string, queries: readonly TestQuery[]): Promise<TestQuery[]> {
  return withTransactionRetry(() =>
    db.transaction(async (tx) => {
      await requireProject(tx, projectId);
      await lockProjects(tx, [projectId]);
      const names = await catalogToolNames(tx, projectId);
      const unknown = [...new Set(queries.map((q) => q.tool).filter((t) => !names.has(t)))];
      if (unknown.length > 0) {
        throw new ApiError(
          'VALIDATION_FAILED',
          `${unknown.length} test quer${unknown.length === 1 ? 'y names a tool' : 'ies name tools'} the catalog does not hold: ${unknown.slice(0, 5).join(', ')}`,
          {
            suggestedAction: 'name each tool as server/tool, as the catalog lists it (GET /api/projects/{id}/catalog); nothing was changed',
            citedRule: '§surface',
            details: { unknownTools: unknown },
          },
        );
      }
      await setTestQueries(tx, projectId, queries);
      return testQueries(tx, projectId);
    }),
  );
}

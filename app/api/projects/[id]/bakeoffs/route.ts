import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { listProjectBakeoffs, storeBakeoffRun } from '@/server/bakeoffs/runs';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** The bake-off runs the project keeps, newest first. */
export const GET = endpointRoute(BAKEOFF_ENDPOINTS.list, async ({ db, params }) => answer(200, await listProjectBakeoffs(db, params.id)));

/** Keep a run `favindex bakeoff --upload` sends; the answer is the run measured, as the page shows it. */
export const POST = endpointRoute(BAKEOFF_ENDPOINTS.keep, async ({ db, params, body, principal }) =>
  answer(201, await storeBakeoffRun(db, params.id, body, principal)),
);

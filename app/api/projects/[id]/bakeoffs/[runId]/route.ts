import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { bakeoffRunView, forgetBakeoffRun } from '@/server/bakeoffs/runs';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** One run measured: its setup, the results table and the verdicts. */
export const GET = endpointRoute(BAKEOFF_ENDPOINTS.view, async ({ db, params }) => answer(200, await bakeoffRunView(db, params.id, params.runId)));

export const DELETE = endpointRoute(BAKEOFF_ENDPOINTS.forget, async ({ db, params }) => {
  await forgetBakeoffRun(db, params.id, params.runId);
  return answer(204, null);
});

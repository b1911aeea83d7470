import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { bakeoffTranscripts } from '@/server/bakeoffs/runs';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** The run's transcripts, one JSON object per line: the export, and what `favindex bakeoff --out` resumes from. */
export const GET = endpointRoute(BAKEOFF_ENDPOINTS.transcripts, async ({ db, params }) => {
  const { jsonl, fileName } = await bakeoffTranscripts(db, params.id, params.runId);
  return answer(200, jsonl, { 'content-disposition': `attachment; filename="${fileName}"` });
});

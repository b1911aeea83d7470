import type { PreviewQuery } from '@/lib/schemas/preview-query';
import { buildPreviewResponse, type PreviewResponse } from '@/lib/surface/preview-response';
import type { AppContext } from '@/server/context';
import { loadSurfaceInputs } from './inputs';
import { recordedSession } from './sessions';

/** The exact tool list per mode and target, with caps, name problems and tokens (§surface). */
export async function preview(app: AppContext, projectId: string, query: PreviewQuery): Promise<PreviewResponse> {
  const inputs = await loadSurfaceInputs(app.db, app.surfaces, projectId);
  const recorded = query.session ? await recordedSession(app.db, projectId, query.session) : null;
  return buildPreviewResponse({ project: projectId, surface: inputs.surface, favourites: inputs.favourites, catalog: inputs.catalog, recorded }, query);
}

import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import type { MetricName } from '@/lib/bakeoff/metrics';
import { calledSchemas, transcriptsOfSetup } from '@/lib/bakeoff/setup';
import type { Transcript } from '@/lib/bakeoff/transcript';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { bakeoffPresentationSchema } from '@/lib/schemas/bakeoffs';
import { formatPath, PLAIN_ERRORS } from '@/lib/validation';
import type { ApiClient } from '../client';
import { badArguments } from '../exit-codes';
import type { PresentationSpec } from './inputs';
import { type BakeoffSetup, schemasOf } from './runner';

// --upload: what a kept run would be refused for, said before the first model call, and the upload itself.

/** Before any model call: what the upload at the end would be refused for. */
export function refuseWhatCannotUpload(specs: PresentationSpec[], models: string[], name: string | undefined): void {
  for (const spec of specs) {
    const result = bakeoffPresentationSchema.safeParse(spec, PLAIN_ERRORS);
    if (!result.success)
      throw badArguments(`--presentation ${spec.id}: cannot be uploaded: ${formatPath(result.error.issues[0]?.path ?? [])} ${result.error.issues[0]?.message}`);
  }
  if (specs.length > BAKEOFF_LIMITS.presentations || models.length > BAKEOFF_LIMITS.models)
    throw badArguments(`an uploaded run compares at most ${BAKEOFF_LIMITS.presentations} presentations and ${BAKEOFF_LIMITS.models} models`);
  const longModel = models.find((m) => m.length > 256);
  if (longModel !== undefined) throw badArguments(`--model ${longModel.slice(0, 40)}…: an uploaded run's model names are at most 256 characters`);
  if (name !== undefined && (name.trim() === '' || name.length > 200)) throw badArguments('--name: give 1 to 200 characters');
}

export interface UploadInput {
  name: string | undefined;
  specs: PresentationSpec[];
  setup: BakeoffSetup;
  metric: MetricName;
  baseline: string;
  proposed: string;
  transcripts: readonly Transcript[];
}

/** Keep the run in the project; what is sent is the setup and the transcripts, never the endpoint or its key. */
export async function upload(client: ApiClient, project: string, input: UploadInput): Promise<{ id: string; url: string }> {
  const { setup } = input;
  const presentations = setup.presentations.map((p) => p.id);
  const transcripts = transcriptsOfSetup({ ...setup, presentations }, input.transcripts);
  const answer = await client.call(
    BAKEOFF_ENDPOINTS.keep,
    { id: project },
    {
      json: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        tasks: [...setup.tasks],
        presentations: input.specs,
        models: [...setup.models],
        runs: setup.runs,
        ...(setup.seed !== undefined ? { seed: String(setup.seed) } : {}),
        metric: input.metric,
        baseline: input.baseline,
        proposed: input.proposed,
        schemas: calledSchemas(schemasOf(setup.presentations), transcripts),
        transcripts,
      },
    },
  );
  return { id: answer.data.id, url: `${client.baseUrl}/projects/${encodeURIComponent(project)}/bakeoff?run=${encodeURIComponent(answer.data.id)}` };
}

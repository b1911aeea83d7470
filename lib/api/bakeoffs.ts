import { bakeoffRunListSchema, bakeoffRunViewSchema, bakeoffTranscriptsText } from '@/lib/contracts/bakeoffs';
import { bakeoffUploadSchema } from '@/lib/schemas/bakeoffs';
import { BODY_LIMITS } from '@/lib/limits';
import { endpoint } from './endpoint';
import { bakeoffRunParams, projectParams } from './params';

const TRANSCRIPTS_TYPE = 'application/x-ndjson';

/** The bake-off runs a project keeps (§bakeoff). */
export const BAKEOFF_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/projects/{id}/bakeoffs',
    params: projectParams,
    tag: 'bakeoffs',
    access: 'usage:read',
    summary: 'The bake-off runs the project keeps, newest first, each with its verdict over all models',
    responses: { 200: { description: 'The runs, without their transcripts.', schema: bakeoffRunListSchema } },
  }),
  keep: endpoint({
    method: 'post',
    path: '/api/projects/{id}/bakeoffs',
    params: projectParams,
    json: bakeoffUploadSchema,
    bodyLimit: BODY_LIMITS.bakeoff,
    rule: '§bakeoff',
    tag: 'bakeoffs',
    access: 'bakeoffs:write',
    summary: 'Keep a bake-off run: its tasks, presentations, models, the schemas its calls named, and its transcripts',
    description:
      'What `favindex bakeoff --upload` sends. Every transcript must be of a task, presentation and model the run names, with a run index below `runs`; the server measures them again as the CLI did (§bakeoff). `baseline` and `proposed` default to the first and the last presentation.',
    responses: { 201: { description: 'The run as kept, measured: the same answer as GET …/bakeoffs/{runId}.', schema: bakeoffRunViewSchema } },
    errors: ['BAKEOFF_LIMIT_REACHED'],
  }),
  view: endpoint({
    method: 'get',
    path: '/api/projects/{id}/bakeoffs/{runId}',
    params: bakeoffRunParams,
    tag: 'bakeoffs',
    access: 'usage:read',
    summary: 'One run measured: the results table per presentation × model with 95% intervals, and the verdicts',
    responses: { 200: { description: 'The run, its setup, the table and the verdicts per model and over all models.', schema: bakeoffRunViewSchema } },
    errors: ['BAKEOFF_RUN_NOT_FOUND'],
  }),
  forget: endpoint({
    method: 'delete',
    path: '/api/projects/{id}/bakeoffs/{runId}',
    params: bakeoffRunParams,
    rule: '§bakeoff',
    tag: 'bakeoffs',
    access: 'bakeoffs:write',
    summary: 'Delete a run and its transcripts',
    responses: { 204: { description: 'Deleted.', mediaType: null } },
    errors: ['BAKEOFF_RUN_NOT_FOUND'],
  }),
  transcripts: endpoint({
    method: 'get',
    path: '/api/projects/{id}/bakeoffs/{runId}/transcripts',
    params: bakeoffRunParams,
    tag: 'bakeoffs',
    access: 'usage:read',
    summary: 'The run’s transcripts as JSONL: the export, and a results file `favindex bakeoff --out` resumes from',
    responses: {
      200: {
        description: 'One transcript (JSON) per line, as an attachment.',
        mediaType: TRANSCRIPTS_TYPE,
        schema: bakeoffTranscriptsText,
        headers: { 'Content-Disposition': 'attachment; filename="<project>-<run>.jsonl"' },
      },
    },
    errors: ['BAKEOFF_RUN_NOT_FOUND'],
  }),
};

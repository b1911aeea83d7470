import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { type BakeoffRunHead, countBakeoffRuns, deleteBakeoffRun, getBakeoffRun, insertBakeoffRun, listBakeoffRuns } from '@/db/queries/bakeoffs';
import type { StoredBakeoffSetup } from '@/db/schema';
import { fromJsonl, toJsonl } from '@/lib/bakeoff/results';
import type { BakeoffRunList, BakeoffRunView } from '@/lib/contracts/bakeoffs';
import { ApiError } from '@/lib/errors';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import type { BakeoffUpload } from '@/lib/schemas/bakeoffs';
import type { Principal } from '@/server/auth/authorise';
import { lockProjectForNameChange, requireProject } from '@/server/projects/project-locks';
import { measureStoredRun } from './measure';
import { itemAt } from '@/lib/arrays';

function runNotFound(projectId: string, runId: string): ApiError {
  return new ApiError('BAKEOFF_RUN_NOT_FOUND', `project '${projectId}' keeps no bake-off run '${runId.slice(0, 100)}'`, {
    suggestedAction: 'list the runs with GET /api/projects/:id/bakeoffs, or on the Bake-off tab',
    citedRule: '§bakeoff',
  });
}

/** Short and unguessable enough for a URL; the project scopes it. */
function newRunId(): string {
  return `run-${randomBytes(6).toString('hex')}`;
}

function setupOf(upload: BakeoffUpload): StoredBakeoffSetup {
  const ids = upload.presentations.map((p) => p.id);
  return {
    tasks: upload.tasks,
    presentations: upload.presentations,
    models: upload.models,
    runs: upload.runs,
    seed: upload.seed ?? null,
    metric: upload.metric,
    // As the CLI defaults them: the first presentation is the baseline, the last the proposal.
    baseline: upload.baseline ?? itemAt(ids, 0),
    proposed: upload.proposed ?? itemAt(ids, ids.length - 1),
    schemas: upload.schemas,
  };
}

function summaryOf(row: BakeoffRunHead) {
  const { setup } = row;
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    tasks: setup.tasks.length,
    presentations: setup.presentations.map((p) => p.id),
    models: setup.models,
    runs: setup.runs,
    cells: setup.tasks.length * setup.presentations.length * setup.models.length * setup.runs,
    transcripts: row.transcriptCount,
  };
}

function viewOf(row: BakeoffRunHead & { transcripts: string }): BakeoffRunView {
  const { table, verdicts, counted } = measureStoredRun(row.setup, fromJsonl(row.transcripts));
  const { setup } = row;
  return {
    ...summaryOf(row),
    transcripts: counted,
    setup: {
      taskIds: setup.tasks.map((t) => t.id),
      presentations: setup.presentations,
      seed: setup.seed,
      metric: setup.metric,
      baseline: setup.baseline,
      proposed: setup.proposed,
    },
    table,
    verdicts,
  };
}

/** Keep an uploaded run; a project keeps BAKEOFF_LIMITS.storedRuns of them. */
export async function storeBakeoffRun(db: Db, projectId: string, upload: BakeoffUpload, principal: Principal): Promise<BakeoffRunView> {
  const setup = setupOf(upload);
  // Measured once here for the list (the view measures again): what it counts, and its verdict over all models.
  const { counted, verdicts } = measureStoredRun(setup, upload.transcripts);
  const transcripts = toJsonl(upload.transcripts);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    // The project row lock serialises uploads, so the limit holds (and a missing project is a 404).
    await lockProjectForNameChange(tx, projectId);
    if ((await countBakeoffRuns(tx, projectId)) >= BAKEOFF_LIMITS.storedRuns) {
      throw new ApiError('BAKEOFF_LIMIT_REACHED', `project '${projectId}' already keeps ${BAKEOFF_LIMITS.storedRuns} bake-off runs`, {
        suggestedAction: 'delete runs you no longer need (DELETE /api/projects/:id/bakeoffs/:run, or the Bake-off tab)',
        citedRule: '§bakeoff',
      });
    }
    return insertBakeoffRun(tx, {
      projectId,
      id: newRunId(),
      name: upload.name ?? `bake-off of ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      createdBy: principal.kind === 'token' ? principal.tokenName : null,
      setup,
      transcripts,
      transcriptCount: counted,
      verdict: verdicts.at(-1)?.wording ?? null,
      createdAt: now,
    });
  });
  return viewOf(row);
}

/** The project's runs, newest first, each with its verdict over all models. */
export async function listProjectBakeoffs(db: Db, projectId: string): Promise<BakeoffRunList> {
  await requireProject(db, projectId);
  const rows = await listBakeoffRuns(db, projectId);
  return { runs: rows.map((row) => ({ ...summaryOf(row), verdict: row.verdict })) };
}

export async function bakeoffRunView(db: Db, projectId: string, runId: string): Promise<BakeoffRunView> {
  await requireProject(db, projectId);
  const row = await getBakeoffRun(db, projectId, runId);
  if (!row) throw runNotFound(projectId, runId);
  return viewOf(row);
}

/** The run's transcripts as the JSONL `favindex bakeoff --out` reads, and a file name for it. */
export async function bakeoffTranscripts(db: Db, projectId: string, runId: string): Promise<{ jsonl: string; fileName: string }> {
  await requireProject(db, projectId);
  const row = await getBakeoffRun(db, projectId, runId);
  if (!row) throw runNotFound(projectId, runId);
  return { jsonl: row.transcripts, fileName: `${projectId}-${row.id}.jsonl` };
}

export async function forgetBakeoffRun(db: Db, projectId: string, runId: string): Promise<void> {
  await requireProject(db, projectId);
  if (!(await deleteBakeoffRun(db, projectId, runId))) throw runNotFound(projectId, runId);
}

import { insertEventRows, lockProjectForIngest } from '@/db/queries/ingest';
import { withTransactionRetry } from '@/db/sql';
import { projectNotFound } from '@/lib/errors';
import { type ArgumentsToCheck, type EventRow, toEventRow, withProblems } from '@/lib/events/to-row';
import { parseEventBatch } from '@/lib/events/parse-batch';
import { type EventReject, isReject, type ValidatedEvent, validateEvent } from '@/lib/events/validate-event';
import { splitByRetention } from '@/lib/retention';
import type { AppContext } from '@/server/app-context';
import { withServerKey } from '@/server/names/name-contexts';
import { requireProject } from '@/server/projects/project-locks';
import type { IngestResult, UncheckedEvent } from '@/lib/contracts/events';
export type { IngestResult } from '@/lib/contracts/events';

/**
 * Store a batch of validated events atomically: resolve their names, insert the new ones
 * (an id already stored is a duplicate), and fold them into the daily rollup, all in one
 * transaction (§events, §storage).
 */
export async function ingestEvents(
  app: AppContext,
  projectId: string,
  batch: readonly ValidatedEvent[],
  /** The name of the token that sent the batch: each event's identity (§policy), which no event can claim for itself. */
  token: string | null = null,
): Promise<IngestResult> {
  if (batch.length === 0) return { accepted: 0, duplicates: 0, rejected: [] };
  const now = Date.now();
  const { accepted, rejected, unchecked } = await withTransactionRetry(() =>
    app.db.transaction(async (tx) => {
      const project = await lockProjectForIngest(tx, projectId);
      if (!project) throw projectNotFound(projectId);
      const { kept, tooOld } = splitByRetention(batch, project.retentionDays, now);
      const context = withServerKey(await app.names.get(tx, { projectId, ...project }), project.serverKey);
      const revisions = await app.revisions.get(tx, { id: projectId, surfaceRevision: project.surfaceRevision, createdAt: project.createdAt });
      const rows: EventRow[] = [];
      const pending: { row: EventRow; call: ArgumentsToCheck; index: number }[] = [];
      for (const event of kept) {
        const { row, toCheck } = toEventRow(event, context, revisions, token);
        rows.push(row);
        if (toCheck) pending.push({ row, call: toCheck, index: event.index });
      }
      // Only events that came with arguments and no problems of their own pay for a check.
      const unchecked: UncheckedEvent[] = [];
      if (pending.length > 0) {
        const catalog = { projectId, catalogVersion: project.catalogVersion, createdAt: project.createdAt };
        const found = await app.argumentChecks.check(
          tx,
          catalog,
          pending.map((p) => p.call),
        );
        for (const [i, p] of pending.entries()) {
          const checked = found[i];
          withProblems(p.row, checked?.problems);
          if (checked?.unchecked) unchecked.push({ index: p.index, reason: checked.unchecked });
        }
      }
      return { accepted: await insertEventRows(tx, projectId, rows), rejected: tooOld, unchecked };
    }),
  );
  return { accepted, duplicates: batch.length - rejected.length - accepted, rejected, ...(unchecked.length > 0 ? { unchecked } : {}) };
}

/**
 * Ingest a request body of events (§events): each item is validated on its own, the valid
 * ones are stored in one transaction, and the invalid ones come back by index and reason.
 */
export async function ingestBatch(app: AppContext, projectId: string, text: string, mediaType: string, token: string | null = null) {
  const now = Date.now();
  const valid: ValidatedEvent[] = [];
  const rejected: EventReject[] = [];
  for (const item of parseEventBatch(text, mediaType)) {
    if ('error' in item) {
      rejected.push({ index: item.index, ...item.error });
      continue;
    }
    const checked = validateEvent(item.index, item.value, now);
    if (isReject(checked)) rejected.push(checked);
    else valid.push(checked);
  }
  if (valid.length === 0) await requireProject(app.db, projectId);
  const result = await ingestEvents(app, projectId, valid, token);
  return {
    accepted: result.accepted,
    duplicates: result.duplicates,
    rejected: [...rejected, ...result.rejected].sort((a, b) => a.index - b.index),
    ...(result.unchecked ? { unchecked: result.unchecked } : {}),
  };
}

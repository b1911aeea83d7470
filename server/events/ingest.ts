import { insertEventRows, lockProjectForIngest } from '@/db/queries/ingest';
import { withTransactionRetry } from '@/db/sql';
import { projectNotFound } from '@/lib/errors';
import { type ArgumentsToCheck, type EventRow, toEventRow, withProblems } from '@/lib/events/to-row';
import { eventItemsOf, ndjsonBatchSteps } from '@/lib/events/parse-batch';
import { type EventReject, isReject, type ValidatedEvent, validateEvent } from '@/lib/events/validate-event';
import { splitByRetention } from '@/lib/retention';
import type { AppContext } from '@/server/app-context';
import { decodeUtf8, parseJsonInTurns } from '@/server/http/body';
import { runSteps, Turns } from '@/server/http/steps';
import { withServerKey } from '@/server/names/name-contexts';
import { requireProject } from '@/server/projects/project-locks';
import type { IngestResult, UncheckedEvent } from '@/lib/contracts/events';
export type { IngestResult } from '@/lib/contracts/events';

/**
 * Events whose arguments are checked in one go; between such chunks other requests get a turn.
 * On PGlite, which runs each statement on the event loop's own thread, also the events one
 * insert takes: 10,000 in one statement held every other request for over half a second; 100
 * take about 20 ms, over half of it planning the statement, which smaller chunks pay more often
 * (issue 45). On PostgreSQL the statement runs elsewhere, and one statement per batch keeps
 * the order in which concurrent batches lock the rollup rows (insertEventRows), so they never
 * deadlock.
 */
const EVENTS_PER_CHUNK = 100;

/**
 * Store a batch of validated events atomically: resolve their names, insert the new ones
 * (an id already stored is a duplicate), and fold them into the daily rollup, all in one
 * transaction (§events, §storage). The work is done in Turns: the transaction may hold
 * PGlite's one connection for a while, but never the event loop, so other projects' polls,
 * answered from memory, go on meanwhile.
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
  const insertEachChunk = app.database.kind === 'pglite';
  const { accepted, rejected, unchecked } = await withTransactionRetry(() =>
    app.db.transaction(async (tx) => {
      const turns = new Turns();
      const project = await lockProjectForIngest(tx, projectId);
      if (!project) throw projectNotFound(projectId);
      const { kept, tooOld } = splitByRetention(batch, project.retentionDays, now);
      const context = withServerKey(await app.names.get(tx, { projectId, ...project }), project.serverKey);
      const revisions = await app.revisions.get(tx, { id: projectId, surfaceRevision: project.surfaceRevision, createdAt: project.createdAt });
      const catalog = { projectId, catalogVersion: project.catalogVersion, createdAt: project.createdAt };
      // One budget for the request's checks, across its chunks (§arguments).
      const budget = { spentMs: 0 };
      const unchecked: UncheckedEvent[] = [];
      let rows: EventRow[] = [];
      let accepted = 0;
      for (let start = 0; start < kept.length; start += EVENTS_PER_CHUNK) {
        const pending: { row: EventRow; call: ArgumentsToCheck; index: number }[] = [];
        for (const event of kept.slice(start, start + EVENTS_PER_CHUNK)) {
          const { row, toCheck } = toEventRow(event, context, revisions, token);
          rows.push(row);
          if (toCheck) pending.push({ row, call: toCheck, index: event.index });
          await turns.pause();
        }
        // Only events that came with arguments and no problems of their own pay for a check.
        if (pending.length > 0) {
          await turns.pause();
          const found = await app.argumentChecks.check(
            tx,
            catalog,
            pending.map((p) => p.call),
            budget,
          );
          for (const [i, p] of pending.entries()) {
            const checked = found[i];
            withProblems(p.row, checked?.problems);
            if (checked?.unchecked) unchecked.push({ index: p.index, reason: checked.unchecked });
          }
        }
        if (insertEachChunk || start + EVENTS_PER_CHUNK >= kept.length) {
          await turns.pause();
          accepted += await insertEventRows(tx, projectId, rows);
          rows = [];
        }
        await turns.pause();
      }
      return { accepted, rejected: tooOld, unchecked };
    }),
  );
  return { accepted, duplicates: batch.length - rejected.length - accepted, rejected, ...(unchecked.length > 0 ? { unchecked } : {}) };
}

/**
 * Ingest a request body of events (§events): each item is validated on its own, the valid
 * ones are stored in one transaction, and the invalid ones come back by index and reason.
 * Parsed and validated in Turns, as they are stored.
 */
export async function ingestBatch(app: AppContext, projectId: string, body: Uint8Array, mediaType: string, token: string | null = null) {
  const now = Date.now();
  const valid: ValidatedEvent[] = [];
  const rejected: EventReject[] = [];
  const items =
    mediaType === 'application/json' ? eventItemsOf(await parseJsonInTurns([body], '§events')) : await runSteps(ndjsonBatchSteps(decodeUtf8(body, '§events')));
  const turns = new Turns();
  for (const item of items) {
    if ('error' in item) {
      rejected.push({ index: item.index, ...item.error });
      continue;
    }
    const checked = validateEvent(item.index, item.value, now);
    if (isReject(checked)) rejected.push(checked);
    else valid.push(checked);
    await turns.pause();
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

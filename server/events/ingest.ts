import { insertEventRows, lockProjectForIngest } from '@/db/queries/ingest';
import { withTransactionRetry } from '@/db/sql';
import { projectNotFound } from '@/lib/errors';
import { type ArgumentsToCheck, type EventRow, toEventRow, withProblems } from '@/lib/events/to-row';
import { eventItemsOf, ndjsonBatchSteps } from '@/lib/events/parse-batch';
import { type EventReject, isReject, type ValidatedEvent, validateEvent } from '@/lib/events/validate-event';
import { splitByRetention } from '@/lib/retention';
import type { AppContext } from '@/server/app-context';
import type { IngestPost } from './ingest-post';
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
 * (issue 45). On PostgreSQL the statement runs elsewhere, and one statement per transaction
 * keeps the order in which concurrent writers (other processes on the same database) lock the
 * rollup rows (insertEventRows), so they never deadlock.
 */
const EVENTS_PER_CHUNK = 100;

/**
 * The events one transaction takes at most (a request larger than that, up to the endpoint's
 * 10,000, goes alone). On PGlite a transaction holds the one connection: fewer, so every other
 * query waits at most for one of these.
 */
export const GROUP_EVENTS = { postgres: 10_000, pglite: 1_000 };

/**
 * Store a batch of validated events atomically (§events, §storage): with the batches of the
 * same project that arrive meanwhile, in one transaction (group commit, app.ingest); answered
 * once that transaction has committed.
 */
export async function ingestEvents(
  app: AppContext,
  projectId: string,
  batch: readonly ValidatedEvent[],
  /** The name of the token that sent the batch: each event's identity (§policy), which no event can claim for itself. */
  token: string | null = null,
): Promise<IngestResult> {
  if (batch.length === 0) return { accepted: 0, duplicates: 0, rejected: [] };
  return app.ingest.submit(projectId, { batch, token });
}

/**
 * Write the posts of one project that came together, in one transaction: resolve their names,
 * insert the new events (an id already stored, or earlier in the group, is a duplicate of the
 * post that repeats it), and fold them into the rollups, one upsert per rollup row for the
 * whole group (insertEventRows). One result per post, as if each had been written alone.
 * Done in Turns: the transaction may hold PGlite's one connection for a while, but never the
 * event loop, so other projects' polls, answered from memory, go on meanwhile.
 */
export async function writeIngestGroup(app: AppContext, projectId: string, posts: readonly IngestPost[]): Promise<IngestResult[]> {
  const now = Date.now();
  const insertEachChunk = app.database.kind === 'pglite';
  return withTransactionRetry(() =>
    app.db.transaction(async (tx) => {
      const turns = new Turns();
      const project = await lockProjectForIngest(tx, projectId);
      if (!project) throw projectNotFound(projectId);
      const context = withServerKey(await app.names.get(tx, { projectId, ...project }), project.serverKey);
      const revisions = await app.revisions.get(tx, { id: projectId, surfaceRevision: project.surfaceRevision, createdAt: project.createdAt });
      const catalog = { projectId, catalogVersion: project.catalogVersion, createdAt: project.createdAt };
      const written = posts.map((post) => ({
        post,
        ...splitByRetention(post.batch, project.retentionDays, now),
        unchecked: [] as UncheckedEvent[],
        accepted: 0,
      }));
      /** Which post each event id of the group is written for: the first that sent it. */
      const ownerOf = new Map<string, (typeof written)[number]>();
      const skipped: string[] = [];
      let rows: EventRow[] = [];
      for (const post of written) {
        const { kept, unchecked } = post;
        // One budget for a request's checks, across its chunks (§arguments).
        const budget = { work: 0 };
        for (let start = 0; start < kept.length; start += EVENTS_PER_CHUNK) {
          const pending: { row: EventRow; call: ArgumentsToCheck; index: number }[] = [];
          for (const event of kept.slice(start, start + EVENTS_PER_CHUNK)) {
            const { row, toCheck } = toEventRow(event, context, revisions, post.post.token);
            if (ownerOf.has(row.eventId)) continue;
            ownerOf.set(row.eventId, post);
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
              pending.map((c) => c.call),
              budget,
            );
            for (const [i, c] of pending.entries()) {
              const checked = found[i];
              withProblems(c.row, checked?.problems);
              if (checked?.unchecked) unchecked.push({ index: c.index, reason: checked.unchecked });
            }
          }
          if (insertEachChunk && rows.length >= EVENTS_PER_CHUNK) {
            await turns.pause();
            skipped.push(...(await insertEventRows(tx, projectId, rows)));
            rows = [];
          }
          await turns.pause();
        }
      }
      skipped.push(...(await insertEventRows(tx, projectId, rows)));
      for (const post of ownerOf.values()) post.accepted++;
      for (const id of skipped) {
        const post = ownerOf.get(id);
        if (post) post.accepted--;
      }
      return written.map(({ post, tooOld, unchecked, accepted }) => ({
        accepted,
        duplicates: post.batch.length - tooOld.length - accepted,
        rejected: tooOld,
        ...(unchecked.length > 0 ? { unchecked } : {}),
      }));
    }),
  );
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
  const refused = [...rejected, ...result.rejected].sort((a, b) => a.index - b.index);
  app.metrics.noteIngest(
    'events',
    result,
    refused.map((r) => r.error_code),
  );
  return {
    accepted: result.accepted,
    duplicates: result.duplicates,
    rejected: refused,
    ...(result.unchecked ? { unchecked: result.unchecked } : {}),
  };
}

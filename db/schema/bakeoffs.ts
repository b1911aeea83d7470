import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { BakeoffPresentation } from '@/lib/schemas/bakeoffs';
import type { MetricName } from '@/lib/bakeoff/metrics';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { at, createdAt, ownedByProject } from './columns';
import { projects } from './projects';

/** What a stored bake-off ran: enough to measure its transcripts again as the CLI did. */
export interface StoredBakeoffSetup {
  tasks: BakeoffTask[];
  presentations: BakeoffPresentation[];
  models: string[];
  runs: number;
  seed: string | null;
  /** Checked against the metric names when the run was uploaded. */
  metric: MetricName;
  baseline: string;
  proposed: string;
  schemas: Record<string, Record<string, unknown>>;
}

/** Bake-off runs a project keeps (§bakeoff): the setup, and the transcripts as the JSONL the CLI wrote. */
export const bakeoffRuns = pgTable(
  'bakeoff_runs',
  {
    projectId: ownedByProject(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by'),
    setup: jsonb('setup').$type<StoredBakeoffSetup>().notNull(),
    // Text, not jsonb: it is served back byte for byte as the export, and never queried inside.
    transcripts: text('transcripts').notNull(),
    /** The transcripts counted (one per cell, endpoint failures left out) and the verdict over all models, as measured at upload: what a list shows without reading every transcript. */
    transcriptCount: integer('transcript_count').notNull(),
    verdict: text('verdict'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/** The bake-off tasks a project keeps (spec.bakeoffTasks of its YAML), in the order it keeps them; one row per project that has any. */
export const bakeoffTasks = pgTable('bakeoff_tasks', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  // JSON text, not jsonb: jsonb reorders an object's keys, and a task's checks and fixtures come back as written.
  tasks: text('tasks').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

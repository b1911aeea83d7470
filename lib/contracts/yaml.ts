import { z } from 'zod';
import { changeSummarySchema } from './favourites';
import { count } from './shared';

// The YAML export is a project document; its schema is the one apply parses with (§yaml).
export { projectDocumentSchema, type ProjectDocument } from '@/lib/yaml/project-document';

/**
 * GET /api/yaml: text, not JSON, so its schema is written by hand: a YAML stream whose every
 * document is a ProjectDocument (JSON Schema's contentMediaType and contentSchema).
 */
export const projectDocumentsText = {
  type: 'string',
  description: 'YAML project documents separated by ---, in project id order.',
  contentMediaType: 'application/yaml',
  contentSchema: { $ref: '#/components/schemas/ProjectDocument' },
};

export const fieldChangeSchema = z.object({
  path: z.string().describe('e.g. spec.favouriteIndex.maxFavourites; lists are compared whole.'),
  before: z.unknown().describe('The current value; null when there is none.'),
  after: z.unknown().describe('The applied value; null when there is none.'),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** Something in a document that is applied as written but deserves a look, e.g. a favourite no catalog lists yet. */
export const planWarningSchema = z.object({
  path: z.string().describe('Where in the document, e.g. spec.favouriteIndex.tools[2].'),
  message: z.string().describe('What is odd and what it means, in plain words.'),
});
export type PlanWarning = z.infer<typeof planWarningSchema>;

/** What applying one document does to its project. */
export const documentPlanSchema = z.object({
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  changes: z.array(fieldChangeSchema),
  favourites: changeSummarySchema.nullable().describe('Pinned, unpinned, reordered, settings: null when the favourites stay as they are.'),
  diff: z.string().describe("A unified diff of the project's YAML, current against applied."),
  warnings: z.array(planWarningSchema).describe('Applied as written, but worth a look: favourites the catalog does not list. Empty when there are none.'),
});
export type DocumentPlan = z.infer<typeof documentPlanSchema>;

/** POST /api/yaml/apply: the plan, and whether it was written. */
export const applyResultSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean().describe('True when the changes were written (never for a dry run).'),
  basis: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .describe('The named projects as this plan saw them: send it as If-Match to apply exactly this plan.'),
  summary: z.object({ create: count, update: count, unchanged: count }),
  projects: z.array(documentPlanSchema),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

import { z } from 'zod';
import { count } from './shared';
import { surfaceConfigSchema } from './surface';

const jsonLeaf = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

export const surfacePlanFieldSchema = z.object({
  path: z.string().describe('The field, dotted: mode, naming, limits.maxToolsPerRequest…'),
  before: jsonLeaf,
  after: jsonLeaf,
});
export type SurfacePlanField = z.infer<typeof surfacePlanFieldSchema>;

const cappedNames = z.object({
  total: count,
  names: z.array(z.string()).describe('Canonical names (server/tool), sorted; at most 25, the total counts them all.'),
});

export const surfacePlanListSchema = z.object({
  proxy: z
    .object({ id: z.string(), host: z.string(), clients: z.array(z.string()) })
    .nullable()
    .describe('The connected proxy that would present this list; null for the project as uploaded, when no proxy is connected.'),
  identity: z
    .object({ token: z.string().nullable(), client: z.string().nullable() })
    .describe("Whose sessions these are to the tool policy: the proxy's token (null: none) and a client a rule names (null: any other)."),
  deniedByPolicy: count.describe('Catalog tools the tool policy keeps from these sessions: not in either count.'),
  before: count.describe('Tools a new session receives now, after the tool policy.'),
  after: count.describe('Tools a new session would receive after the change, after the tool policy.'),
  gained: cappedNames,
  lost: cappedNames,
  budget: z
    .object({
      toolBudget: count.describe('The attention budget after the change (`surface.toolBudget`).'),
      counted: count.describe("Tools counted against it: the list after the change and the agent's own tools."),
      overBy: count.describe('How many over it; 0 within it.'),
      message: z.string().nullable().describe('Over it: by how much and what would have to leave first, in one sentence; null within it.'),
    })
    .describe('The list after the change against the attention budget (§routers).'),
});
export type SurfacePlanList = z.infer<typeof surfacePlanListSchema>;

/** POST /api/projects/{id}/surface/plan: what saving a surface config would change, without saving it. */
export const surfacePlanSchema = z.object({
  current: surfaceConfigSchema.describe('The config in force: send it back as expectedSurface with the PATCH, so a change made meanwhile is refused.'),
  proposed: surfaceConfigSchema,
  changes: z.array(surfacePlanFieldSchema),
  lists: z.array(surfacePlanListSchema),
});
export type SurfacePlan = z.infer<typeof surfacePlanSchema>;

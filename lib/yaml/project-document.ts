import { stringify } from 'yaml';
import { z } from 'zod';
import type { TestQuery } from '@/lib/contracts/findability';
import { orderedPolicy } from '@/lib/policy/plan';
import { favouriteIndexSchema, type FavouriteIndex } from '@/lib/schemas/favourites';
import { isDefaultPolicy, type ToolPolicy, toolPolicySchema } from '@/lib/schemas/policy';
import { testQueriesSchema } from '@/lib/schemas/findability';
import { bakeoffTaskListSchema, orderedBakeoffTask } from '@/lib/bakeoff/task-schema';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { PROJECT_ID_RE } from '@/lib/schemas/projects';
import { isEmptyRouters, type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { surfaceConfigSchema, type SurfaceConfig } from '@/lib/schemas/surface-config';

export const API_VERSION = 'favindex/v1';

/**
 * One project as a YAML document (§yaml). Tokens and events are never part of it. Every field
 * is written on export, in a fixed order, so export → apply → export is byte-identical. A sent
 * document is judged merged onto its project's current one (validateDocument); one that creates
 * a project may leave out what a new project has by default, favourites and surface included.
 */
export const projectDocumentSchema = z
  .object({
    apiVersion: z.literal(API_VERSION),
    kind: z.literal('Project'),
    metadata: z
      .object({
        name: z.string().regex(PROJECT_ID_RE, 'metadata.name is the project id: a slug of a-z, 0-9 and -'),
        description: z.string().max(2_000).default(''),
      })
      .strict(),
    spec: z
      .object({
        favouriteIndex: favouriteIndexSchema.prefault({}),
        surface: surfaceConfigSchema.prefault({}),
        /** The tool policy (§policy); exported only when it is not the default. A sent document without it keeps the project's. */
        policy: toolPolicySchema.optional(),
        /** The routers and singletons (§routers); exported only when the project has some. A sent document without them keeps the project's. */
        routers: routersConfigSchema.optional(),
        metaTools: z.array(z.string().min(1).max(256)).max(200).default([]),
        retentionDays: z.number().int().min(1).max(3_650).nullable().default(null),
        /** Findability test queries (§surface); exported only when the project keeps some; `[]` removes them. */
        testQueries: testQueriesSchema.optional(),
        /** Bake-off tasks (§bakeoff), what `favindex bakeoff` runs without --tasks; exported only when the project keeps some; `[]` removes them. */
        bakeoffTasks: bakeoffTaskListSchema.optional(),
      })
      .strict(),
  })
  .strict();

export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

export interface ProjectConfig {
  id: string;
  description: string;
  metaTools: string[];
  retentionDays: number | null;
  surface: SurfaceConfig;
  favourites: FavouriteIndex;
  /** Absent, the default policy. */
  policy?: ToolPolicy;
  /** Absent or empty, none. */
  routers?: RoutersConfig;
  testQueries?: readonly TestQuery[];
  bakeoffTasks?: readonly BakeoffTask[];
}

export function toProjectDocument(config: ProjectConfig): ProjectDocument {
  const { surface } = config;
  return {
    apiVersion: API_VERSION,
    kind: 'Project',
    metadata: { name: config.id, description: config.description },
    spec: {
      favouriteIndex: {
        enabled: config.favourites.enabled,
        maxFavourites: config.favourites.maxFavourites,
        tools: [...config.favourites.tools],
      },
      // Fixed key order, every key present: the YAML text depends only on the values.
      surface: {
        mode: surface.mode,
        target: surface.target,
        naming: surface.naming,
        serverKey: surface.serverKey,
        ...(surface.customCap !== undefined ? { customCap: surface.customCap } : {}),
        agentTools: Array.isArray(surface.agentTools) ? [...surface.agentTools] : surface.agentTools,
        instruction: surface.instruction,
        alwaysLoadFavourites: surface.alwaysLoadFavourites,
        argumentChecks: surface.argumentChecks,
        toolBudget: surface.toolBudget,
        limits: {
          maxToolsPerRequest: surface.limits.maxToolsPerRequest,
          maxActivatedToolsPerSession: surface.limits.maxActivatedToolsPerSession,
          maxPinnedServers: surface.limits.maxPinnedServers,
          retrieveK: surface.limits.retrieveK,
        },
      },
      // Fixed key order too (orderedPolicy), so the text depends only on the rules.
      ...(!config.policy || isDefaultPolicy(config.policy) ? {} : { policy: orderedPolicy(config.policy) }),
      ...(config.routers && !isEmptyRouters(config.routers) ? { routers: orderedRouters(config.routers) } : {}),
      metaTools: [...config.metaTools],
      retentionDays: config.retentionDays,
      ...(config.testQueries && config.testQueries.length > 0 ? { testQueries: config.testQueries.map((q) => ({ query: q.query, tool: q.tool })) } : {}),
      ...(config.bakeoffTasks && config.bakeoffTasks.length > 0 ? { bakeoffTasks: config.bakeoffTasks.map(orderedBakeoffTask) } : {}),
    },
  };
}

/** Routers with their keys in a fixed order, so the YAML text depends only on the values. */
function orderedRouters(config: RoutersConfig): RoutersConfig {
  return {
    routers: config.routers.map((r) => ({ name: r.name, description: r.description, ops: r.ops.map((o) => ({ op: o.op, tool: o.tool, note: o.note })) })),
    singletons: config.singletons.map((s) => ({ tool: s.tool, reason: s.reason })),
  };
}

/** Documents separated by `---`, as `favindex export` and the export API write them. */
export function stringifyProjectDocuments(documents: readonly ProjectDocument[]): string {
  return documents.map((doc) => stringify(doc, { lineWidth: 0, indent: 2, aliasDuplicateObjects: false })).join('---\n');
}

import { z } from 'zod';
import { surfaceConfigSchema } from './surface-config';

export const PROJECT_ID_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const projectIdSchema = z.string().regex(PROJECT_ID_RE, 'a project id is a slug: 1–64 of a-z, 0-9 and -, not starting or ending with -');

const metaToolsSchema = z.array(z.string().min(1).max(256)).max(200);

export const createProjectSchema = z
  .object({
    id: projectIdSchema,
    description: z.string().max(2_000).default(''),
    metaTools: metaToolsSchema.default([]),
    retentionDays: z.number().int().min(1).max(3_650).nullable().default(null),
    surface: surfaceConfigSchema.optional(),
  })
  .strict();
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const updateProjectSchema = z
  .object({
    description: z.string().max(2_000).optional(),
    metaTools: metaToolsSchema.optional(),
    retentionDays: z.number().int().min(1).max(3_650).nullable().optional(),
    surface: surfaceConfigSchema.optional(),
    /** The surface config the change was made against: when given, a different config in force refuses the PATCH with 409 CONFLICT. */
    expectedSurface: surfaceConfigSchema.optional(),
  })
  .strict();
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

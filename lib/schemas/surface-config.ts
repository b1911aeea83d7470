import { z } from 'zod';

export const SURFACE_MODES = ['off', 'eager', 'lazy', 'pinned', 'favindex', 'retrieve'] as const;
export type SurfaceMode = (typeof SURFACE_MODES)[number];

export const TARGET_IDS = ['openai', 'azure-openai', 'groq', 'github-copilot', 'gemini', 'cursor', 'windsurf', 'anthropic', 'custom'] as const;
export type TargetId = (typeof TARGET_IDS)[number];

export const DEFAULT_INSTRUCTION =
  'Prefer the favourite/ tools: they are the ones this project uses most. Use all/<server>/<tool> only when no favourite fits the task.';

export const surfaceLimitsSchema = z
  .object({
    maxToolsPerRequest: z.number().int().min(1).max(10_000).default(120),
    maxActivatedToolsPerSession: z.number().int().min(0).max(10_000).default(40),
    maxPinnedServers: z.number().int().min(0).max(1_000).default(3),
    retrieveK: z.number().int().min(1).max(1_000).default(10),
  })
  .strict();
export type SurfaceLimits = z.infer<typeof surfaceLimitsSchema>;

const toolNameList = z.array(z.string().min(1).max(256)).max(10_000);

export const surfaceConfigSchema = z
  .object({
    mode: z.enum(SURFACE_MODES).default('favindex'),
    target: z.enum(TARGET_IDS).default('openai'),
    /** The cap for target `custom`. */
    customCap: z.number().int().min(1).max(100_000).optional(),
    /** The agent's own tools: how many, or their names. */
    agentTools: z.union([z.number().int().min(0).max(10_000), toolNameList]).default(0),
    instruction: z.string().max(4_000).default(DEFAULT_INSTRUCTION),
    limits: surfaceLimitsSchema.default(() => surfaceLimitsSchema.parse({})),
  })
  .strict();
export type SurfaceConfig = z.infer<typeof surfaceConfigSchema>;

export function defaultSurfaceConfig(): SurfaceConfig {
  return surfaceConfigSchema.parse({});
}

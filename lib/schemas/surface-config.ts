import { z } from 'zod';
import { ARGUMENT_CHECK_MODES, DEFAULT_ARGUMENT_CHECK_MODE } from '@/lib/arguments/classes';
import { MAX_CUSTOM_CAP, MAX_TOOL_BUDGET } from '@/lib/limits';
import { DEFAULT_TOOL_BUDGET } from './routers';

export const SURFACE_MODES = ['off', 'eager', 'lazy', 'pinned', 'favindex', 'deferred', 'retrieve', 'routers'] as const;
export type SurfaceMode = (typeof SURFACE_MODES)[number];

export const TARGET_IDS = ['openai', 'azure-openai', 'groq', 'github-copilot', 'gemini', 'cursor', 'windsurf', 'anthropic', 'custom'] as const;
export type TargetId = (typeof TARGET_IDS)[number];

/**
 * How favindex mode names its tools (§names): `slash` is `favourite/…` and `all/<server>/<tool>`
 * (what proxies presented first; no provider accepts `/`), `safe` is `fav_…` and
 * `all_<server>_<tool>`, within `[A-Za-z0-9_-]` and short enough for a client's prefix.
 */
export const NAMING_SCHEMES = ['slash', 'safe'] as const;
export type NamingScheme = (typeof NAMING_SCHEMES)[number];

/** The built-in instruction of each scheme; an instruction equal to either follows the scheme in force. */
export const DEFAULT_INSTRUCTIONS: Record<NamingScheme, string> = {
  slash: 'Prefer the favourite/ tools: they are the ones this project uses most. Use all/<server>/<tool> only when no favourite fits the task.',
  safe: 'Prefer the fav_ tools: they are the ones this project uses most. Use all_<server>_<tool> only when no favourite fits the task.',
};
export const DEFAULT_INSTRUCTION = DEFAULT_INSTRUCTIONS.safe;
/**
 * The built-in instruction of deferred mode. It names no favourite: a client reads a server's
 * instructions once, at initialize, so a list would go stale at the first pin of a session,
 * while the loaded schemas (tools/list, which a pin does update) already say which they are.
 */
export const DEFERRED_INSTRUCTION =
  "This server's tools are named <server>__<tool>. The ones loaded up front are the tools this project uses most: prefer them. " +
  'Every other tool of the project is here too, deferred: search for one by what it does with your tool search before deciding that no tool fits.';

/** The texts that follow the mode and naming in force rather than being sent as written. */
export function isBuiltInInstruction(text: string): boolean {
  return text === DEFERRED_INSTRUCTION || Object.values(DEFAULT_INSTRUCTIONS).includes(text);
}

export const DEFAULT_SERVER_KEY = 'favindex';
export const MAX_SERVER_KEY_LENGTH = 24;
/**
 * The key a client's config gives favindex: what Codex and Copilot CLI accept as a server name
 * (letters, digits, `_`, `-`), without `__` or a trailing `_`, which clients use to join it to
 * the tool name, and short enough to leave room for the tool in 64 characters.
 */
export const SERVER_KEY_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]|_(?=[A-Za-z0-9-]))*$/;
export const serverKeySchema = z
  .string()
  .min(1)
  .max(MAX_SERVER_KEY_LENGTH)
  .regex(SERVER_KEY_RE, 'a server key is letters, digits, - and single _ (not at the end), starting with a letter or digit');

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
    naming: z.enum(NAMING_SCHEMES).default('safe'),
    serverKey: serverKeySchema.default(DEFAULT_SERVER_KEY),
    /** The cap for target `custom`. */
    customCap: z.number().int().min(1).max(MAX_CUSTOM_CAP).optional(),
    /** The agent's own tools: how many, or their names. */
    agentTools: z.union([z.number().int().min(0).max(10_000), toolNameList]).default(0),
    instruction: z.string().max(4_000).default(DEFAULT_INSTRUCTION),
    /**
     * Mark each favourite `_meta["anthropic/alwaysLoad"]: true`, so clients that defer MCP tools
     * behind their own tool search (Claude Code) keep the favourites' schemas loaded.
     */
    alwaysLoadFavourites: z.boolean().default(true),
    /** What proxies do with each call's arguments against its tool's inputSchema (§arguments). */
    argumentChecks: z.enum(ARGUMENT_CHECK_MODES).default(DEFAULT_ARGUMENT_CHECK_MODE),
    /**
     * The attention budget (§routers): the most tools a model should be shown in all, the agent's
     * own counted, since every definition rides along on every turn and accuracy falls past ~30.
     */
    toolBudget: z.number().int().min(1).max(MAX_TOOL_BUDGET).default(DEFAULT_TOOL_BUDGET),
    limits: surfaceLimitsSchema.default(() => surfaceLimitsSchema.parse({})),
  })
  .strict();
export type SurfaceConfig = z.infer<typeof surfaceConfigSchema>;

export function defaultSurfaceConfig(): SurfaceConfig {
  return surfaceConfigSchema.parse({});
}

/** The instruction sent with the favindex list: a built-in text follows the naming in force. */
export function instructionFor(surface: Pick<SurfaceConfig, 'instruction' | 'naming'>): string {
  return isBuiltInInstruction(surface.instruction) ? DEFAULT_INSTRUCTIONS[surface.naming] : surface.instruction;
}

/** The instruction sent with the deferred list: a built-in text becomes deferred mode's own, the project's words are sent as written. */
export function deferredInstructionFor(instruction: string): string {
  return isBuiltInInstruction(instruction) ? DEFERRED_INSTRUCTION : instruction;
}

import { z } from 'zod';
import { ARGUMENT_CHECK_MODES, DEFAULT_ARGUMENT_CHECK_MODE } from '@/lib/arguments/classes';
import { routerSchema, singletonSchema } from '@/lib/schemas/routers';
import { NAMING_SCHEMES, SURFACE_MODES, TARGET_IDS } from '@/lib/schemas/surface-config';
import { favouriteIndexSchema } from './favourites';
import { toolPolicyContract } from './policy';
import { count, int } from './shared';

/** The list budgets of a project's surface config (§surface). */
export const surfaceLimitsSchema = z.object({
  maxToolsPerRequest: int,
  maxActivatedToolsPerSession: int,
  maxPinnedServers: int,
  retrieveK: int,
});
export type SurfaceLimits = z.infer<typeof surfaceLimitsSchema>;

/** A project's surface config as stored: every field but `customCap` is always there. */
export const surfaceConfigSchema = z.object({
  mode: z.enum(SURFACE_MODES),
  target: z.enum(TARGET_IDS),
  naming: z.enum(NAMING_SCHEMES).describe('How the favourites first mode (`favindex`) names its tools (§names): slash or safe.'),
  serverKey: z.string().describe("The key the clients' configs give favindex; clients join it to every tool name."),
  customCap: int.optional().describe('The cap for target custom.'),
  agentTools: z.union([int, z.array(z.string())]).describe("The agent's own tools: how many, or their names."),
  instruction: z.string(),
  alwaysLoadFavourites: z
    .boolean()
    .describe('Favourites carry _meta["anthropic/alwaysLoad"]: true, so clients that defer MCP tools (Claude Code) keep them loaded.'),
  argumentChecks: z
    .enum(ARGUMENT_CHECK_MODES)
    .describe(
      "What proxies do with each call's arguments against its tool's inputSchema: off, observe (forward and record) or enforce (refuse what breaks it).",
    ),
  toolBudget: int.describe("The attention budget (§routers): the most tools a model should be shown in all, the agent's own counted."),
  limits: surfaceLimitsSchema,
});
export type SurfaceConfig = z.infer<typeof surfaceConfigSchema>;

export const LEFT_OUT_REASONS = ['name-too-long', 'duplicate-after-sanitising', 'not-in-catalog', 'name-taken'] as const;

/** A catalog tool a mode could not present, and why (never truncated, §surface). */
export const leftOutToolSchema = z.object({
  canonical: z.string(),
  name: z.string().describe('The name it would have had.'),
  reason: z.enum(LEFT_OUT_REASONS),
  message: z.string(),
  duplicateOf: z.string().optional().describe('For duplicates and taken names: the tool that kept the name.'),
});
export type LeftOutTool = z.infer<typeof leftOutToolSchema>;

/** The catalog a surface was computed for (§surface): a proxy checks its upstreams' tools against it. */
export const surfaceCatalogSchema = z.object({
  fingerprint: z.string().describe('Of the servers in order with their fingerprints.'),
  servers: z
    .array(z.object({ name: z.string(), fingerprint: z.string().describe('As PUT …/catalog/{server} answers it.'), tools: count }))
    .describe('Catalog order: the order of every list.'),
});
export type SurfaceCatalog = z.infer<typeof surfaceCatalogSchema>;

/** The routers a proxy presents in the routers mode (§routers): the project's, less the tools this token may not use. */
export const surfaceRoutersSchema = z.object({
  routers: z.array(routerSchema).describe('In order: one presented tool each, its ops in order.'),
  singletons: z.array(singletonSchema).describe('Tools kept on their own, in order, each with the reason it has no sibling.'),
});

/** GET /api/projects/{id}/surface: what a proxy presents; `fingerprint` is also the ETag. */
export const surfaceDocumentSchema = z.object({
  project: z.string(),
  version: z
    .object({
      catalog: count,
      favourites: count,
      surface: count.describe('The surface revision (§impact): a proxy copies it, with `mode`, into each event as surfaceRevision.'),
    })
    .describe('The catalog and favourites versions and the surface revision it was built from (informational: not part of the fingerprint).'),
  mode: z.enum(SURFACE_MODES),
  target: z.enum(TARGET_IDS),
  naming: z.enum(NAMING_SCHEMES).describe('The naming scheme of the favourites first mode (`favindex`) in force; `names` and `instruction` follow it.'),
  serverKey: z.string().describe("The key the clients' configs give favindex; the safe scheme keeps names short enough for it."),
  limits: surfaceLimitsSchema,
  favouriteIndex: favouriteIndexSchema,
  instruction: z.string().nullable().describe("Sent with the list in favindex and deferred, as the MCP server's `instructions`; null in the other modes."),
  alwaysLoadFavourites: z.boolean().describe('The proxy marks each favourite it lists `_meta["anthropic/alwaysLoad"]: true`; other tools stay deferrable.'),
  argumentChecks: z
    .enum(ARGUMENT_CHECK_MODES)
    // A document from a favindex older than the setting reads as its default.
    .default(DEFAULT_ARGUMENT_CHECK_MODE)
    .describe("What the proxy does with each tools/call's arguments against the tool's inputSchema (§arguments): off, observe or enforce."),
  policy: toolPolicyContract
    .nullable()
    // A document from a favindex older than policies has none: nothing is kept from anyone.
    .default(null)
    .describe(
      "The project's tool policy as the requesting token sees it (§policy): rules for that token apply to all its sessions, rules naming clients are matched per session, rules for other tokens are left out.",
    ),
  policyRules: z
    .array(
      z.object({
        rule: int.positive().describe("Its number in the project's policy, from 1, as the Policy page counts rules."),
        identities: z.array(z.string()).describe("Whom it names there that this token may know of: 'token:<this token>' and clients; empty: everyone."),
      }),
    )
    // A document from a favindex older than this field: a refusal counts and names rules as the narrowed policy has them.
    .default([])
    .describe(
      "One entry per rule of `policy`, in order: where it stands in the project's policy and whom it is for, so a refusal names the rule as the project does.",
    ),
  routers: surfaceRoutersSchema
    // A document from a favindex older than routers, or of another mode: none.
    .default({ routers: [], singletons: [] })
    .describe('The routers and singletons the routers mode presents; empty in every other mode.'),
  names: z
    .record(z.string(), z.string())
    .describe('Presented name → canonical server/tool, in presentation order; only tools some session of this token may use.'),
  metaTools: z.array(z.string()).describe('Meta-tools the proxy adds in this mode; they map to no catalog tool.'),
  leftOut: z.array(leftOutToolSchema),
  catalog: surfaceCatalogSchema,
  fingerprint: z.string().describe('Changes exactly when what a proxy would present changes; also the ETag.'),
});
export type SurfaceDocument = z.infer<typeof surfaceDocumentSchema>;

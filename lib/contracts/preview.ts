import { z } from 'zod';
import { NAMING_SCHEMES, SURFACE_MODES } from '@/lib/schemas/surface-config';
import { CLIENT_IDS, MCP_REVISIONS } from '@/lib/surface/clients';
import { CLAUDE_TOOL_SEARCH, MODEL_FAMILIES, PROVIDER_SEARCHES, VISIBILITY_LEVELS } from '@/lib/surface/deferral';
import { MAX_LOST_NAMED } from '@/lib/limits';
import { count, isoDateTime } from './shared';
import { leftOutToolSchema, surfaceLimitsSchema } from './surface';

export const TOOL_SOURCES = ['agent', 'meta', 'typed', 'favourite', 'all', 'router', 'singleton'] as const;
export const TOKEN_METHOD_IDS = ['openai-functions', 'anthropic-tools'] as const;

export const TOOL_MARK_KINDS = ['renamed', 'refused-by-client', 'refused-by-provider', 'too-long', 'collision', 'unknown', 'grouped'] as const;

/** Something that happens to one tool on its way to the model (§surface). */
export const toolMarkSchema = z.object({
  kind: z
    .enum(TOOL_MARK_KINDS)
    .describe(
      'renamed: the client changed characters or cut the name; refused-by-client / refused-by-provider: that side refuses it; too-long: over the provider’s length; collision: another tool ends with the same name; unknown: what the client does with it is not known; grouped: the client hides it behind a virtual tool.',
    ),
  message: z.string(),
});
export type ToolMark = z.infer<typeof toolMarkSchema>;

/** One entry of a mode's list, in order. */
export const previewToolSchema = z.object({
  position: count
    .optional()
    .describe("In a page (limit): the tool's place in the whole list as the model receives it, 1 for the first, agent tools given as a count included."),
  name: z.string().describe('The name the model receives: through the client asked for (raw: as the proxy presents it).'),
  presented: z.string().optional().describe('The name the proxy presents, when the client sends another.'),
  canonical: z.string().nullable().describe('server/tool for catalog tools; null for agent, meta and router tools.'),
  source: z.enum(TOOL_SOURCES),
  placeholder: z.literal(true).optional().describe('An agent tool given only as a count: its name and schema are unknown.'),
  description: z.string().optional().describe('With detail=full.'),
  inputSchema: z.record(z.string(), z.unknown()).optional().describe('With detail=full.'),
  marks: z.array(toolMarkSchema).optional().describe('What happens to the tool on its way to the model; left out when nothing does.'),
  visibility: z
    .enum(VISIBILITY_LEVELS)
    .optional()
    .describe(
      'What the model is shown before any search. full: the schema up front; name: the name (maybe the description) until a search loads it; hidden: nothing but a namespace, source line or virtual group. Absent when the client leaves the tool out.',
    ),
  why: z.string().optional().describe('Why the tool has that visibility, with the client setting that decides it.'),
  cut: z.literal(true).optional().describe('The client cuts its description (Claude Code: past 2,048 characters); tokens are counted on the cut text.'),
});
export type PreviewTool = z.infer<typeof previewToolSchema>;

export const targetProblemSchema = z.object({
  name: z.string(),
  canonical: z.string().nullable(),
  field: z.enum(['name', 'description']),
  message: z.string(),
});
export type TargetProblem = z.infer<typeof targetProblemSchema>;

/** Why the request as a whole would be refused, in plain words. */
export const requestRefusalSchema = z.object({
  by: z.enum(['client', 'provider']),
  message: z.string(),
});

/** A tool the model will not get, and why. */
export const lostToolSchema = z.object({
  name: z.string().describe('Its canonical name (the name the model would have received for a tool that has none).'),
  why: z.string(),
});
export type LostTool = z.infer<typeof lostToolSchema>;

/** One mode's list checked against the target, with its token estimate (§surface). */
export const modePreviewSchema = z.object({
  mode: z.enum(SURFACE_MODES),
  count: count.describe('Tools the model receives: the list less what the client leaves out.'),
  cap: count.nullable().describe("The target's hard cap; null when it has none."),
  clientCap: count.nullable().describe("The client's own cap on tools; null when it has none (or none is known)."),
  fits: z.boolean(),
  overBy: count.describe('How many tools over the cap; 0 when it fits.'),
  warn: z.boolean().describe("Over the target's soft limit (anthropic: 30)."),
  problems: z
    .array(targetProblemSchema)
    .describe('Every name or description of the tools listed (with limit: of the page) the target would reject, and names listed twice.'),
  longDescriptions: count.describe("Tools of the whole list whose description is over the provider's limit."),
  tokens: z.object({
    tokens: count,
    method: z.enum(TOKEN_METHOD_IDS),
    placeholdersExcluded: count.describe('Agent tools given as a count have no definition to count.'),
    methodDescription: z.string(),
  }),
  visibility: z
    .object({
      defers: z
        .enum(['nothing', 'unmarked', 'everything'])
        .describe('What the client defers of this list: nothing, every tool not marked alwaysLoad, or every tool (favourites too).'),
      full: count.describe('Tools sent with their schema: what a provider cap is checked against.'),
      name: count.describe('Tools shown by name (maybe description) only, until a search loads them.'),
      hidden: count.describe('Tools behind a namespace, a source line or a virtual group.'),
      cut: count.describe('Tools whose description the client cuts.'),
      tokensUpFront: count.describe(
        'What the model is given before any search: full definitions of loaded tools plus the deferred tools as the client lists them.',
      ),
      tokensPerSearch: count
        .nullable()
        .describe('One search: the results it usually loads × the mean definition of a deferred tool; null when that is not known or nothing is deferred.'),
      method: z.string().describe('How tokensUpFront is counted.'),
      search: z
        .object({ tool: z.string(), results: count, source: z.string() })
        .nullable()
        .describe('The search tool in front of the deferred tools, and how many tools one search usually loads.'),
      notes: z.array(z.string()).describe('What is not counted or not known.'),
    })
    .describe('What the client shows the model of this list, for the model and settings asked for. `tokens` stays what the list costs with nothing deferred.'),
  refused: z
    .object({ client: count, provider: count })
    .describe('Tools the client leaves out or refuses, and tools whose name or description the provider refuses.'),
  renamed: count.describe('Tools whose name the client rewrote or cut.'),
  tooLong: count.describe("Final names over the provider's length."),
  collisions: count.describe('Tools whose final name another tool has too.'),
  unknown: count.describe('Tools with something the client does that is not known.'),
  requestRefused: requestRefusalSchema.nullable().describe('Set when the client or the provider would refuse the request as a whole.'),
  fix: z
    .object({ naming: z.enum(NAMING_SCHEMES), message: z.string() })
    .nullable()
    .describe('The one change that makes this mode pass, when a change of naming does.'),
  leftOut: z.array(leftOutToolSchema),
  lost: z
    .object({
      count: count.describe('How many.'),
      tools: z
        .array(lostToolSchema)
        .describe(`The first ${MAX_LOST_NAMED}, in list order: left out by the mode, then refused or grouped by the client, then past the cap.`),
    })
    .describe(
      'Every tool the model will not get: left out by the mode, left out or grouped by the client, or past a cap that drops rather than refuses. None when the request is refused as a whole (the model then gets nothing).',
    ),
  notes: z.array(z.string()).describe('Why the list is as it is, where that is not obvious.'),
  instruction: z.string().nullable().describe('The instruction sent with the list (favindex only).'),
  revision: z
    .object({
      differs: z.boolean().describe('Whether this mode lists differently on MCP 2026-07-28 than on 2025-11-25 (lazy, pinned, retrieve).'),
      plain: z.string().describe('What changes on 2026-07-28, in plain words ("the same on both revisions" where nothing does).'),
    })
    .describe('What the MCP revision changes about this mode.'),
  budget: z
    .object({
      toolBudget: count.describe('The attention budget (`surface.toolBudget`, or the query’s toolBudget).'),
      counted: count.describe(
        "Tools counted against it: the agent's own and every tool the model is shown before any search (in full or by name), after the client.",
      ),
      overBy: count.describe('How many over it; 0 within it.'),
      message: z
        .string()
        .nullable()
        .describe('Over it: by how much and what would have to leave first, in one sentence (e.g. unpin 3 favourites); null within it.'),
    })
    .describe('The list against the attention budget (§routers).'),
  page: z
    .object({
      offset: count,
      limit: count.nullable().describe('null: every tool of the list, agent tools given as a count included.'),
      sort: z.string(),
      filter: z.string(),
      matching: count.describe('The tools the filter keeps, over all pages (without limit: every entry of the list).'),
    })
    .describe('Which part of the list `tools` holds.'),
  tools: z.array(previewToolSchema),
});
export type ModePreview = z.infer<typeof modePreviewSchema>;

const names = z.array(z.string()).readonly();

export const recordedCallSchema = z.object({
  id: z.string(),
  timestamp: isoDateTime,
  tool: z.string(),
  canonical: z.string().nullable(),
  kind: z.string(),
});
export type RecordedCall = z.infer<typeof recordedCallSchema>;

/** Session state given in the query (activated, calledServers). */
export const explicitSessionSchema = z.object({
  source: z.literal('explicit'),
  activated: names.describe('Activated tools, canonical, most recent last.'),
  calledServers: names.describe('Servers called, most recent first.'),
});

/** A recorded session replayed up to `step` of its `steps` calls. */
export const recordedSessionSchema = z.object({
  source: z.literal('recorded'),
  id: z.string(),
  step: count,
  steps: count,
  truncated: z.boolean(),
  calls: z.array(recordedCallSchema),
  growth: z.object({ lazy: z.array(count), pinned: z.array(count) }).describe('List sizes of lazy and pinned at every step, 0 … steps.'),
  activated: names,
  calledServers: names,
});

/** GET /api/projects/{id}/preview: the exact list per mode for the target, with caps, problems and tokens. */
export const previewResponseSchema = z.object({
  project: z.string(),
  client: z.object({
    id: z.enum(CLIENT_IDS),
    label: z.string(),
    serverKey: z.string().describe("The key the client's config gives favindex."),
    naming: z.enum(NAMING_SCHEMES).describe('The naming scheme of the favourites first mode (`favindex`) in this preview.'),
    composition: z.string().describe('How the client makes the name the model receives, e.g. mcp__favindex__<tool>.'),
    facts: z
      .array(z.object({ text: z.string(), known: z.boolean(), source: z.string().optional().describe('Where a known fact comes from.') }))
      .describe('What is known about the client (its naming, then what it defers), and what is not.'),
    deferral: z
      .object({
        model: z.enum(MODEL_FAMILIES).nullable().describe('The model family previewed; null when the model changes nothing for this client.'),
        toolSearch: z.enum(CLAUDE_TOOL_SEARCH).describe("Claude Code's ENABLE_TOOL_SEARCH: on (unset or true), auto (auto:N) or off (false)."),
        toolSearchPercent: count.describe('N of auto:N, in per cent of the context window.'),
        contextWindow: count.describe('The context window auto measures against: an assumption.'),
        serverAlwaysLoad: z.boolean().describe('"alwaysLoad": true on the server in .mcp.json (Claude Code).'),
        providerSearch: z.enum(PROVIDER_SEARCHES).describe('The tool search a caller of the raw API adds.'),
        settings: z.array(z.string()).describe('The settings that change what this client defers.'),
      })
      .describe('The settings the visibility of each tool was worked out for.'),
    revisions: z
      .array(
        z.object({
          revision: z.enum(MCP_REVISIONS),
          when: z
            .enum(['always', 'http', 'flag', 'either'])
            .describe('always; http: only with servers it reaches over HTTP; flag: only behind a setting off by default; either: a generic client picks.'),
          text: z.string(),
          known: z.boolean().describe('false: reported or assumed, not verified.'),
          source: z.string().optional().describe('Where it comes from.'),
        }),
      )
      .describe('The MCP revisions the client speaks, the one it most likely uses first.'),
    fits: z
      .object({ mode: z.enum(SURFACE_MODES), why: z.string() })
      .describe(
        'The mode that suits this client with these settings: deferred where it defers tools behind its own search, favindex where it sends everything.',
      ),
  }),
  target: z.object({
    id: z.string(),
    label: z.string(),
    cap: count.nullable(),
    warnAbove: count.nullable(),
    nameRule: z.string().nullable().describe('The pattern names must match; null when the target states none.'),
    descriptionLimit: count.nullable(),
  }),
  agentTools: z.object({ count, names: z.array(z.string()).nullable() }),
  limits: surfaceLimitsSchema,
  query: z.string(),
  catalog: z
    .object({ servers: count, tools: count })
    .describe('The servers and tools the lists are made from: while a proxy is connected, those connected proxies run.'),
  proxies: z
    .object({
      connected: count.describe('Proxies connected now.'),
      uploadedOnly: z
        .array(z.object({ server: z.string(), tools: count }))
        .describe('Uploaded servers no connected proxy runs: left out of every list here, since no model sees their tools.'),
    })
    .nullable()
    .describe('Null when no proxy is connected: then the lists hold every uploaded server.'),
  session: z.discriminatedUnion('source', [explicitSessionSchema, recordedSessionSchema]).nullable(),
  policy: z
    .object({
      identity: z
        .object({ token: z.string().nullable(), client: z.string().nullable() })
        .describe('Who the lists are for: `token` and `sessionClient` of the request.'),
      hidden: z
        .array(
          z.object({
            canonical: z.string(),
            rule: count.nullable().describe('The index of the rule that keeps it back; null when the default does.'),
            reason: z.string().describe('That rule in words, e.g. "rule 1: deny github/delete_* for token:ci".'),
            note: z.string().nullable(),
          }),
        )
        .describe('Catalog tools the project’s tool policy keeps from this identity, in catalog order: in no list, no search and no call.'),
    })
    .describe('The tool policy (§policy) as it applies to the identity previewed.'),
  protocol: z
    .object({
      revision: z.enum(MCP_REVISIONS).describe('The MCP revision the lists are built for.'),
      asked: z.boolean().describe('true: the request named it (protocol=); false: the one the client most likely uses.'),
      why: z.string().describe('Why this revision, in plain words.'),
    })
    .describe(
      'On 2026-07-28 every list is the one the proxy serves a stateless request: no session state counts (lazy lists no activations, pinned the servers of the favourites, retrieve binds no search).',
    ),
  modes: z.array(modePreviewSchema),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

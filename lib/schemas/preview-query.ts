import { z } from 'zod';
import { MAX_CUSTOM_CAP, MAX_PREVIEW_PAGE, MAX_TOOL_BUDGET, PREVIEW_CONTEXT_WINDOW } from '@/lib/limits';
import { isCanonicalName, SERVER_NAME_RE } from '@/lib/names/canonical';
import { CLIENT_IDS, MCP_REVISIONS } from '@/lib/surface/clients';
import { ASSUMED_CONTEXT_WINDOW, CLAUDE_AUTO_PERCENT, CLAUDE_TOOL_SEARCH, MODEL_FAMILIES, PROVIDER_SEARCHES } from '@/lib/surface/deferral';
import { NAMING_SCHEMES, SURFACE_MODES, serverKeySchema, TARGET_IDS } from './surface-config';

/** A list's order in a page: the column, then the direction. */
export const LIST_SORT_RE = /^(position|name|visibility|canonical)\.(asc|desc)$/;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** A comma-separated list; empty items are dropped. */
const list = (item: z.ZodType<string, string>, what: string) =>
  z
    .string()
    .max(200_000)
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(10_000, `at most 10,000 ${what}`));

/** Agent tools as a count (`56`) or as comma-separated names (`search,edit`). */
const agentToolsParam = z
  .string()
  .max(200_000)
  .transform((text, ctx): number | string[] => {
    const trimmed = text.trim();
    if (trimmed === '') return 0;
    if (/^\d+$/.test(trimmed)) {
      const count = Number(trimmed);
      if (count > 10_000) ctx.addIssue({ code: 'custom', message: 'at most 10,000 agent tools' });
      return count;
    }
    const names = trimmed
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length > 10_000) ctx.addIssue({ code: 'custom', message: 'at most 10,000 agent tools' });
    if (names.some((n) => n.length > 256)) ctx.addIssue({ code: 'custom', message: 'an agent tool name is at most 256 characters' });
    return names;
  });

/** `GET /api/projects/:id/preview`: every parameter overrides the project's surface config. */
export const previewQuerySchema = z
  .object({
    mode: z.enum(['all', ...SURFACE_MODES]).default('all'),
    target: z.enum(TARGET_IDS).optional(),
    /** The MCP client the names go through; raw is the names as the proxy presents them. */
    client: z.enum(CLIENT_IDS).default('raw'),
    naming: z.enum(NAMING_SCHEMES).optional(),
    /**
     * The MCP revision the lists are built for (default: the one the client most likely uses,
     * 2025-11-25 for every client today). On 2026-07-28 they are the proxy's stateless lists.
     */
    protocol: z
      .enum(MCP_REVISIONS)
      .optional()
      .describe('The MCP revision the lists are built for; default: the one the client most likely uses (2025-11-25 for every client today).'),
    /** The model family behind the client (default: the one its users get today); a family the client does not run falls back to that. */
    model: z.enum(MODEL_FAMILIES).optional(),
    /** Claude Code's ENABLE_TOOL_SEARCH: on (unset or true, the default), auto (auto:N) or off (false). */
    toolSearch: z.enum(CLAUDE_TOOL_SEARCH).default('on'),
    /** N of auto:N: the share of the context window MCP tool definitions may fill before Claude Code defers them. */
    toolSearchPercent: z.coerce.number().int().min(0).max(100).default(CLAUDE_AUTO_PERCENT),
    /** The context window auto measures against, in tokens (an assumption: 200,000 by default). */
    contextWindow: z.coerce.number().int().min(PREVIEW_CONTEXT_WINDOW.min).max(PREVIEW_CONTEXT_WINDOW.max).default(ASSUMED_CONTEXT_WINDOW),
    /** `"alwaysLoad": true` on favindex's entry in .mcp.json (Claude Code). */
    serverAlwaysLoad: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** For the raw client: the tool search the caller adds (Anthropic bm25 or regex, OpenAI tool_search). */
    providerSearch: z.enum(PROVIDER_SEARCHES).default('none'),
    serverKey: serverKeySchema.optional(),
    /** The cap for target custom. */
    cap: int(1, MAX_CUSTOM_CAP),
    agentTools: agentToolsParam.optional(),
    maxToolsPerRequest: int(1, 10_000),
    maxActivatedToolsPerSession: int(0, 10_000),
    maxPinnedServers: int(0, 1_000),
    retrieveK: int(1, 1_000),
    /** The attention budget each list is judged against (§routers); default: the project's surface.toolBudget. */
    toolBudget: int(1, MAX_TOOL_BUDGET),
    /** Replay a recorded session … */
    session: z.string().min(1).max(256).optional(),
    /** … up to this many of its calls (default: all of them). */
    step: int(0, 1_000_000),
    /** Or give the session state: activated tools, most recent last … */
    activated: list(z.string().refine(isCanonicalName, 'each activated tool is a canonical server/tool name'), 'activated tools').optional(),
    /** … and called servers, most recent first. */
    calledServers: list(z.string().regex(SERVER_NAME_RE, 'each called server is a server name'), 'servers').optional(),
    query: z.string().max(1_000).default(''),
    /**
     * A proposed favourites list, in pinned order, previewed instead of the project's own (a
     * bake-off's "proposed change"); maxFavourites and the policy apply to it as to the stored one.
     */
    favourites: list(z.string().refine(isCanonicalName, 'each favourite is a canonical server/tool name'), 'favourites').optional(),
    /** The identity previewed (§policy): a project token's id, or a live token's name … */
    token: z.string().trim().min(1).max(100).optional(),
    /** … and the client name its session gives (clientInfo.name). Without either, an identity no rule names. */
    sessionClient: z.string().trim().min(1).max(200).optional(),
    /** `names` leaves descriptions and schemas out of the lists. */
    detail: z.enum(['full', 'names']).default('full'),
    /**
     * A page of each list instead of all of it: at most this many tools (0: none, the summary
     * alone), agent tools given as a count left out. Without it, every tool of every list.
     */
    limit: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_PREVIEW_PAGE)
      .optional()
      .describe(
        `A page of each mode's list: at most this many tools (0: the summary alone), from offset, in sort's order, among those filter matches; agent tools given as a count are not listed in a page (tokens.placeholdersExcluded counts them). Counts, caps, tokens and lost tools stay the whole list's. Without it, every tool of every list (at most ${MAX_PREVIEW_PAGE} with it).`,
      ),
    /** Where the page starts, among the tools the filter keeps in the sort's order. */
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Where the page starts (0: the first tool); with limit.'),
    /** Only tools whose name, presented name, canonical name or description holds this text (any case). */
    filter: z
      .string()
      .trim()
      .max(200)
      .default('')
      .describe('Only the tools whose name, presented name, canonical name or description holds this text, in any case; with limit.'),
    /** The page's order: a column and a direction, as the dashboard's list writes it (`name.asc`). */
    sort: z
      .string()
      .regex(LIST_SORT_RE, 'sort is position, name, visibility or canonical, then .asc or .desc, e.g. name.asc')
      .default('position.asc')
      .describe('The order the page is taken in: position (the list as the model receives it), name, visibility or canonical, then .asc or .desc; with limit.'),
  })
  .refine((q) => !(q.session && (q.activated || q.calledServers)), {
    message: 'give either session (a recorded session) or activated/calledServers (explicit state), not both',
    path: ['session'],
  })
  .refine((q) => q.step === undefined || q.session !== undefined, { message: 'step needs a session', path: ['step'] })
  .refine((q) => q.limit !== undefined || (q.offset === 0 && q.filter === '' && q.sort === 'position.asc'), {
    message: 'offset, filter and sort choose a page: give limit with them',
    path: ['limit'],
  });

export type PreviewQuery = z.infer<typeof previewQuerySchema>;

export const surfaceQuerySchema = z.object({ mode: z.enum(SURFACE_MODES).optional() });

export const sessionsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

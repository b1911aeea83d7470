/**
 * Every limit a caller can run into, in one place: the API refuses past these with the error
 * envelope, and docs/rules.md states them. Sizes are bytes.
 */
export const KiB = 1024;
export const MiB = 1024 * KiB;

/** Request bodies, by what they carry. */
export const BODY_LIMITS = {
  /** A login, a token request. */
  tiny: 16 * KiB,
  /** A favourites operation, a sync registration. */
  small: 64 * KiB,
  /** A project, a whole favourites list. */
  document: 1 * MiB,
  /** One server's tools/list. */
  catalog: 10 * MiB,
  /** An events batch or an OTLP export, before and after decompression. */
  events: 10 * MiB,
  /** YAML project documents. */
  yaml: 1 * MiB,
  /** An uploaded bake-off run: its tasks and transcripts. */
  bakeoff: 20 * MiB,
} as const;

/**
 * One JSON-RPC message on a stdio stream of `favindex proxy`, either way (--max-message-mb): the
 * MCP SDK's own read limit. Past it the message fails alone; the connection stays up.
 */
export const MAX_MESSAGE_BYTES = 10 * MiB;

/** Nesting deeper than this is no config anyone writes, and recursive code (validation, jsonb) would overflow on it. */
export const MAX_JSON_DEPTH = 64;
/** Longer path segments than this are nobody's ids or names. */
export const MAX_PATH_PARAM_LENGTH = 1_024;
/** Query values may carry a search text, so they get more room. */
export const MAX_QUERY_VALUE_LENGTH = 4_096;
export const MAX_QUERY_NAME_LENGTH = 64;

/** The days `until` may name: a window past 9999-12-31 ends on a date the databases cannot store. */
export const DATE_PARAM_RANGE = { from: '1970-01-01', to: '2999-12-31' } as const;

export const MAX_EVENTS_PER_REQUEST = 10_000;
/** The lengths (UTF-16 code units, as zod counts) of a tool_call_trace's texts (§events); a proxy cuts its traces to these. */
export const TRACE_FIELD_LIMITS = {
  id: 128,
  tool: 512,
  canonical: 512,
  errorCode: 256,
  /** sessionId, model and client. */
  text: 256,
  /** A call's duration: seven days. */
  durationMs: 7 * 24 * 3600 * 1000,
} as const;
/** An event may be stamped at most this far in the future (clock skew). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

export const MAX_YAML_DOCUMENTS = 1_000;
export const MAX_YAML_ALIASES = 100;
/**
 * Keys (`key:` or `? key`) in one YAML document: a Project document has about 25, and each rule
 * of its tool policy up to 10 (MAX_POLICY_RULES of them), each op of its routers 3 and each
 * singleton 2. One document is composed in one step of the event loop, so this also bounds how
 * long a YAML apply holds other requests up: routers past it go through the API's JSON.
 */
export const MAX_YAML_KEYS_PER_DOCUMENT = 2_500;

export const MAX_TOOLS_PER_SERVER = 5_000;
/** Servers in one project's catalog (§catalog): each may hold a 10 MiB tools/list. */
export const MAX_CATALOG_SERVERS = 100;
/** A server keeps its newest this many catalog versions; writing a newer one deletes the oldest (§catalog). */
export const CATALOG_VERSIONS_KEPT = 20;
export const MAX_ACTIVE_TOKENS = 50;
/** The largest attention budget (`surface.toolBudget`, §routers) a project may set. */
export const MAX_TOOL_BUDGET = 10_000;
/** The largest cap target `custom` takes (§surface). */
export const MAX_CUSTOM_CAP = 100_000;
/** The preview's context window for Claude Code's `auto` tool search, in tokens: from 1,000 to 10 million. */
export const PREVIEW_CONTEXT_WINDOW = { min: 1_000, max: 10_000_000 } as const;
/** The most tools a page of a preview's list holds (`limit`); without a limit the preview gives every tool. */
export const MAX_PREVIEW_PAGE = 500;
/** Past this many catalog tools the Preview page runs the findability report when asked: it searches for every tool by its own words among all the others. */
export const FINDABILITY_ASKED_ABOVE = 2_000;
/** Lost tools (left out, refused by the client, grouped, past a cap) a mode preview names; it counts them all. */
export const MAX_LOST_NAMED = 100;
export const MAX_FAVOURITES_LIMIT = 128;

/** Impact (§impact): a change is judged on sessions at most this many days either side of it. */
export const MAX_IMPACT_WINDOW_DAYS = 90;
/** The impact report lists the latest revisions, this many of them. */
export const MAX_LISTED_REVISIONS = 100;
export const MAX_BACKTEST_WEEKS = 52;
/**
 * The reach of the tools a change loaded or deferred is read from the raw events of a seeded
 * sample of each side's sessions (§impact): at most this many sessions a side, and no more
 * sessions once their calls pass REACH_SAMPLE_CALLS, so /impact reads a bounded number of
 * events however large the project. Below it every session is read.
 */
export const REACH_SAMPLE_SESSIONS = 1_000;
export const REACH_SAMPLE_CALLS = 40_000;
/** Tools a change loaded or deferred that get a reach of their own; the rest count only together. */
export const MAX_REACH_TOOLS = 8;
export const DEFAULT_MAX_FAVOURITES = 15;

/** A proxy reports itself this often (§auth, proxy reports); one missed report is no disconnect. */
export const PROXY_REPORT_INTERVAL_MS = 30_000;
/** A proxy is connected while its last report is newer than this: three report intervals. */
export const PROXY_CONNECTED_MS = 3 * PROXY_REPORT_INTERVAL_MS;
/**
 * Proxies one token keeps in its project (the admin's, reported without a token, count as one
 * token's): a first report past this is refused until one is forgotten (DELETE) or ages out.
 * Another token's proxies never count, so no token can crowd another's out (§auth).
 */
export const MAX_PROXIES_PER_TOKEN = 100;
/** A proxy not heard from for this long is forgotten: listed no more, and its place freed (§auth). */
export const PROXY_FORGOTTEN_MS = 7 * 24 * 3600 * 1000;
/**
 * MCP sessions `favindex proxy --listen` keeps open: per client (`clientInfo.name`) and in all.
 * A new session past either closes the oldest idle one (docs/integrations.md, HTTP).
 */
export const PROXY_HTTP_SESSIONS = { perClient: 32, total: 128 } as const;
/** An initialize request over HTTP: no client's is near this (the SDK takes 4 MiB for any other request). */
export const PROXY_HTTP_INITIALIZE_BYTES = 1 * MiB;
/** The sizes of a proxy report's fields. */
export const PROXY_REPORT_LIMITS = {
  id: 64,
  host: 255,
  version: 64,
  /** An error text, of the proxy or one server. */
  error: 1_000,
  clients: 50,
  clientName: 100,
  /** Presented names a report carries; the count says how many there are in all. */
  presentedNames: 1_000,
  presentedName: 256,
  /** Why traces were lost (`disk full (ENOSPC)`). */
  lostCause: 100,
} as const;

/**
 * Distinct unresolved names a project keeps under their own name per UTC day (§usage): later
 * names of that day are counted together, so names a sender makes up cannot grow the rollup.
 */
export const UNRESOLVED_NAMES_PER_DAY = 1_000;

/**
 * Test queries a project keeps for findability (§surface): the tool each should find, the query at
 * most as long as Anthropic's regex search takes (200 characters, platform.claude.com tool-search-tool).
 */
export const TEST_QUERY_LIMITS = { perProject: 200, queryLength: 200 } as const;

/**
 * Wrong keys GET /usage/arguments lists (§arguments): per tool, and across tools. Equal, so the
 * list across tools is always made of the per-tool lists' own rows.
 */
export const ARGUMENT_WRONG_KEYS = 10;

/**
 * What one argument check takes on (§arguments), so that no schema and no call, from any project,
 * holds the process: patterns run on RE2, in time linear in the value, and every walk stops at a
 * bound and says so.
 */
export const ARGUMENT_CHECK_LIMITS = {
  /** A pattern longer than this is not judged. */
  patternLength: 1_000,
  /** Nor one whose RE2 program has more instructions: a test costs up to length × program. */
  patternProgram: 1_000,
  /** Nor the patterns of one schema past this many characters, all its distinct patterns together. */
  schemaPatternChars: 4_000,
  /** A schema nested deeper than this is not compiled: its tool is unchecked. */
  schemaDepth: MAX_JSON_DEPTH,
  /** Nor one of more JSON values than this (each object, array, key's value and item counts one). */
  schemaValues: 2_000,
  /** One call's pattern tests, each a value's length × its pattern's program + 64, summed: past it, values pass unjudged. */
  patternWork: 500_000,
  /** Keys of one call read for keys the schema does not declare. */
  keysPerCall: 10_000,
  /** "Did you mean": a key longer than this gets no suggestion. */
  suggestKeyLength: 64,
  /** Ingest checks no call whose arguments are longer than this as JSON (characters, counted about)… */
  ingestCharacters: 64 * KiB,
  /** …or nested deeper than this. */
  ingestDepth: MAX_JSON_DEPTH,
  /**
   * The work one request's argument checks may do, counted, not timed (a busy machine must not
   * check less): each checked call's characters as above, and ingestCompileWork for each schema
   * compiled for it; the calls after it are not checked.
   */
  ingestRequestWork: 1024 * KiB,
  /** What compiling one tool's schema counts for in ingestRequestWork (a schema is at most schemaValues big). */
  ingestCompileWork: 16 * KiB,
} as const;

/** Identities GET /usage/identities lists at most (§policy): tokens × clients stay few; past this the answer says it was cut. */
export const MAX_USAGE_IDENTITIES = 200;

/**
 * Bake-offs (§bake-off): tasks in one file; turns of a task's thread (a short exchange, not a
 * recorded session); a prompt's length; model turns a run may take before it stops as
 * `turn_limit`, and the default; runs per cell a schedule may ask for.
 */
export const BAKEOFF_LIMITS = {
  tasks: 500,
  threadTurns: 20,
  promptLength: 20_000,
  taskTurns: 50,
  defaultTaskTurns: 8,
  runs: 1_000,
  /** Presentations and models one run compares. */
  presentations: 20,
  models: 20,
  /** Transcripts one uploaded run keeps (e.g. 5 tasks × 4 presentations × 4 models × 10 runs is 800). */
  transcripts: 20_000,
  /** Runs a project keeps; past it, delete an old one. */
  storedRuns: 200,
  /** One answer of a model endpoint, read at most: past it the turn fails unread (a model's answer is kilobytes). */
  answerBytes: 4 * MiB,
} as const;

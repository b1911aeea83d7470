/**
 * The one set of series colours, each with one meaning on every chart (usage, impact, preview).
 * Okabe and Ito's colour-blind-safe set, with a light grey for "everything else" and two dark
 * colours of Paul Tol's for the two meanings left; palette.test.ts checks that every pair stays
 * apart under simulated deuteranopia and protanopia. A colour never says something else on
 * another chart: favourite/pinned is always blue, the full catalog always orange.
 */
export const PALETTE = {
  /** favourite/… calls, pinned tools, the share the favourites catch. */
  favourite: '#0072B2',
  /** all/<server>/… calls: the full catalog. */
  all: '#E69F00',
  /** typed server__tool calls. */
  typed: '#009E73',
  /** mcp_invoke_tool calls. */
  invoke: '#D55E00',
  /** server/tool calls. */
  canonical: '#CC79A7',
  /** Bare tool names. */
  bare: '#F0E442',
  /** Meta tools: searching for tools instead of using them. */
  meta: '#56B4E9',
  /** Router calls: a catalog tool reached through one op of a router (§routers). */
  router: '#332288',
  /** Everything else: not pinned, the best possible as a reference, calls per session. */
  other: '#BBBBBB',
  /** What a rule suggests pinning. */
  suggested: '#882255',
  /** Calls that failed. */
  errors: '#661100',
} as const;

export type PaletteMeaning = keyof typeof PALETTE;

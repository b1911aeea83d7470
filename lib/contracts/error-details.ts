import { z } from 'zod';
import type { ErrorCode } from '@/lib/error-codes';
import { favouriteIndexSchema } from './favourites';
import { identityChangeSchema, toolPolicyContract } from './policy';
import { routersConfigContract } from './routers';
import { count, int } from './shared';
import { surfaceConfigSchema } from './surface';
import { documentPlanSchema } from './yaml';

/** One problem of a refused input: where (`spec.favouriteIndex.tools[2]`) and what. */
export const issueDetailSchema = z.object({ path: z.string(), message: z.string() });

/** One problem of refused YAML: its document (from 1), line and column, and the path in it. */
export const yamlIssueSchema = z.object({ document: int, line: int, column: int, path: z.string(), message: z.string() });

const toolNames = z.array(z.string());

/**
 * What `details` holds, for each error code that carries any (§errors). The envelope on the
 * wire is unchanged (its contract keeps `details` open); these are the shapes the server
 * writes, so the dashboard and the CLI read them through errorDetails() instead of casting,
 * and the API tests hold every error they get to the shape of its code
 * (test/response-contracts.ts). A code not listed here carries no details.
 */
export const ERROR_DETAILS = {
  INVALID_PARAMETER: z.array(issueDetailSchema),
  VALIDATION_FAILED: z.union([
    z.array(issueDetailSchema),
    // Favourites that name a tool twice; test queries that name tools the catalog does not hold.
    z.object({ duplicates: toolNames }),
    z.object({ unknownTools: toolNames }),
  ]),
  INVALID_TOOL_NAME: z.object({ invalid: toolNames }),
  YAML_MALFORMED: z.array(yamlIssueSchema),
  YAML_INVALID: z.array(yamlIssueSchema),
  FAVOURITE_NOT_PINNED: z.object({ tool: z.string(), pinned: toolNames }),
  MAX_FAVOURITES_EXCEEDED: z.union([
    // A pin into a full list names the tool; a list written whole names the ones over the cap.
    z.object({ pinned: count, maxFavourites: int, tool: z.string() }),
    z.object({ pinned: count, maxFavourites: int, over: toolNames }),
  ]),
  MAX_FAVOURITES_BELOW_PINNED: z.object({ pinned: count, maxFavourites: int, unpin: toolNames }),
  /** A surface config saved meanwhile (PATCH with expectedSurface): the one now in force. */
  CONFLICT: z.object({ current: surfaceConfigSchema }),
  VERSION_MISMATCH: z.union([
    // The favourites: the version in force and its list.
    z.object({ currentVersion: count, current: favouriteIndexSchema }),
    // The routers: the version in force and its routers.
    z.object({ currentVersion: count, current: routersConfigContract }),
    // A YAML apply: the plan made again over the projects as they are now.
    z.object({ basis: z.string(), projects: z.array(documentPlanSchema) }),
    // The tool policy: the version in force, that policy, and the plan made again over it.
    z.object({
      version: count,
      current: toolPolicyContract,
      diff: z.string(),
      identities: z.array(identityChangeSchema),
      warnings: z.array(issueDetailSchema),
    }),
  ]),
  UPSTREAM_INVALID: z.array(issueDetailSchema),
} satisfies Partial<Record<ErrorCode, z.ZodType>>;

export type DetailedErrorCode = keyof typeof ERROR_DETAILS;
export type ErrorDetails<C extends DetailedErrorCode> = z.output<(typeof ERROR_DETAILS)[C]>;

/** An envelope as any client holds it: its code, and details to read by that code. */
type Refusal = { error_code: string; details?: unknown };

/** The same table, typed so that the schema of a code parses to that code's details. */
const DETAILS: { [C in DetailedErrorCode]: z.ZodType<ErrorDetails<C>> } = ERROR_DETAILS;

/**
 * The details of a refusal with this code, as its declared shape reads them: undefined for a
 * refusal with another code, or with details of another shape (an older or newer server).
 */
export function errorDetails<C extends DetailedErrorCode>(envelope: Refusal | null | undefined, code: C): ErrorDetails<C> | undefined {
  if (envelope?.error_code !== code) return undefined;
  const parsed = DETAILS[code].safeParse(envelope.details);
  return parsed.success ? parsed.data : undefined;
}

const issueList = z.array(z.union([yamlIssueSchema, issueDetailSchema]));
export type ListedIssue = z.output<typeof issueList>[number];

/**
 * The problems a refusal lists one by one, whatever its code: the fields of a request, the
 * lines of YAML, the tools an MCP server listed. None when its details are not such a list.
 */
export function listedIssues(envelope: Refusal | null | undefined): ListedIssue[] {
  const parsed = issueList.safeParse(envelope?.details);
  return parsed.success ? parsed.data : [];
}

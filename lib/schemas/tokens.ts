import { z } from 'zod';

/**
 * What a project token may do (§auth), always within its own project. The admin may do
 * everything; a token only what its scopes name. PROXY_SCOPES are what a proxy needs, the
 * rest let a script or the `favindex` CLI do the usual chores without the admin login.
 * `metrics:read` is a scraper's: the server's figures (GET /metrics), which name no project.
 */
export const TOKEN_SCOPES = [
  'events:write',
  'surface:read',
  'usage:read',
  'config:read',
  'favourites:write',
  'config:write',
  'catalog:write',
  'bakeoffs:write',
  'metrics:read',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * Who may call an endpoint (§auth), as its declaration and its route say it: `admin` is the
 * dashboard (open in local mode, the session cookie in password mode); a project scope admits
 * the admin and that project's tokens holding the scope; `public` needs nothing.
 */
export type Access = 'public' | 'admin' | TokenScope;

/**
 * What `favindex proxy` needs, in one place for the first-run step, the Tokens tab, the CLI and
 * the docs: send its traces, read the surface, and upload each server's tools as the catalog.
 */
export const PROXY_SCOPES = ['events:write', 'surface:read', 'catalog:write'] as const satisfies readonly TokenScope[];

/** Scopes over the server's own figures, which name no project: a token of any project may hold them. */
export const SERVER_SCOPES = ['metrics:read'] as const satisfies readonly TokenScope[];

/** A token made without naming scopes is a proxy's, so a token made in haste still runs `favindex proxy`. */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = PROXY_SCOPES;

/** What each scope opens, in the words the Tokens tab and the OpenAPI description use. */
export const TOKEN_SCOPE_HELP: Record<TokenScope, string> = {
  'events:write': 'send tool_call_trace events and OTLP traces, and report a running proxy',
  'surface:read': 'read the surface a proxy serves, and preview it (favindex bakeoff)',
  'usage:read': 'read usage and favourites suggestions',
  'config:read': "read the favourites, their history, the tool policy, the routers and the project's YAML",
  'favourites:write': 'pin, unpin, move and replace favourites',
  'config:write': 'apply YAML to this project (documents naming another project are refused), save its tool policy and its routers',
  'catalog:write': "upload a server's tools/list (PUT catalog)",
  'bakeoffs:write': 'upload and delete bake-off runs (favindex bakeoff --upload)',
  'metrics:read': "scrape the server's figures (GET /metrics, Prometheus), which name no project",
};

/** Active (unrevoked) tokens a project may hold; revoked ones stay listed and do not count. */

export const createTokenSchema = z
  .object({
    name: z.string().trim().min(1, 'name the token after the proxy or agent that will hold it').max(100),
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1, `give at least one scope: ${TOKEN_SCOPES.join(', ')}`)
      .max(TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope at most once')
      .default(() => [...DEFAULT_TOKEN_SCOPES])
      .describe(`Leave it out for a token for \`favindex proxy\`: ${DEFAULT_TOKEN_SCOPES.join(', ')}.`),
  })
  .strict();
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

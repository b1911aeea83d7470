import { z } from 'zod';
import { MAX_CATALOG_SERVERS, PROXY_REPORT_LIMITS as L } from '@/lib/limits';
import { hasControlCharacter } from '@/lib/text';
import { serverNameSchema } from './catalog';

export const PROXY_SERVER_STATES = ['starting', 'up', 'down', 'stopped'] as const;
export type ProxyServerState = (typeof PROXY_SERVER_STATES)[number];
export const PROXY_TRANSPORTS = ['stdio', 'http'] as const;
/** `stopped` is the last report of a proxy that is shutting down. */
export const PROXY_RUN_STATES = ['running', 'stopped'] as const;

const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlCharacter(s), 'must not contain control characters');
const named = (max: number) => line(max).pipe(z.string().min(1));
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** An MCP revision such as 2025-11-25 or 2026-07-28. */
const revision = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an MCP revision such as 2025-11-25');

/** The random id a proxy keeps in its state folder: one proxy is one row across restarts. */
export const proxyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a proxy id is 8–64 of [A-Za-z0-9_-]');

export const proxyServerReportSchema = z
  .object({
    name: serverNameSchema,
    state: z.enum(PROXY_SERVER_STATES),
    tools: amount.describe('Tools the server lists now (0 before it first listed).'),
    lastError: line(L.error).nullable(),
    restarts: amount,
    // Optional: a proxy older than 2026-07-28 support leaves it out; null before the server first connected.
    protocol: revision.nullable().optional().describe('The MCP revision the proxy and the server agreed on, e.g. 2025-11-25 or 2026-07-28.'),
  })
  .strict();

/**
 * PUT /api/projects/{id}/proxies/{proxyId}: what a running `favindex proxy` says of itself.
 * The last report wins; every field is bounded (lib/limits.ts).
 */
export const proxyReportSchema = z
  .object({
    host: named(L.host),
    version: named(L.version),
    startedAt: z.iso.datetime(),
    transport: z.enum(PROXY_TRANSPORTS),
    state: z.enum(PROXY_RUN_STATES),
    surfaceRevision: amount.nullable().describe('The surface revision it presents; null before it has read one.'),
    servers: z
      .array(proxyServerReportSchema)
      .max(MAX_CATALOG_SERVERS)
      .refine((servers) => new Set(servers.map((s) => s.name)).size === servers.length, 'each server at most once'),
    clients: z
      .array(
        z
          .object({
            name: named(L.clientName),
            sessions: amount,
            // Optional: a proxy older than 2026-07-28 support leaves it out.
            protocols: z.array(revision).max(4).optional().describe('The MCP revisions its sessions speak, e.g. 2025-11-25, 2026-07-28.'),
          })
          .strict(),
      )
      .max(L.clients)
      .describe('The clients connected, by the name they gave in initialize (or, on 2026-07-28, in each request).'),
    presented: z
      .object({
        count: amount.describe('Tools a new session is presented.'),
        names: z.array(named(L.presentedName)).max(L.presentedNames).describe(`Their presented names, the first ${L.presentedNames}.`),
      })
      .strict(),
    spool: z
      .object({
        events: amount,
        bytes: amount,
        // Optional: a proxy leaves it out under a second (so an older favindex takes the reports of one that keeps up).
        lagMs: amount.optional().describe('How long the oldest trace not yet taken by favindex has waited, in ms.'),
        dropped: amount.describe('Traces dropped since start (spool full).'),
        // Optional: a proxy leaves them out while they are 0 (so an older favindex takes its reports).
        lost: amount.optional().describe('Traces lost since start because the disk refused them.'),
        lostCause: line(L.lostCause).nullable().optional().describe("Why the last of them was lost, e.g. 'disk full (ENOSPC)'."),
        setAside: amount.optional().describe('Traces favindex refused for good since start, kept in the spool folder’s rejected/.'),
      })
      .strict(),
    lastError: line(L.error).nullable().describe('The last thing that went wrong, e.g. a missing token scope.'),
  })
  .strict();
export type ProxyReport = z.infer<typeof proxyReportSchema>;

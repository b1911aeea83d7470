import { randomUUID } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/server';
import { EMPTY_PRESENTED_SESSION, type PresentedSession, type PresentedSurface, statelessSession } from '@/lib/surface/presented';
import type { ToolGroup } from '@/lib/surface/groups';
import type { ListedTool } from '@/lib/surface/types';

import { STATELESS_REVISION } from '@/lib/mcp-revisions';

export { STATELESS_REVISION };

/** The list a session was last given, and how to find a tool in it by the name presented. */
export interface SessionListing {
  /** What the list was made from; a listing is used again only while each of them is the same. */
  key: ListingKey;
  /** SHA-256 of the tools as the client reads them (names, schemas, _meta): what decides whether it must hear list_changed. */
  toolsHash: string;
  tools: Tool[];
  byName: Map<string, ListedTool>;
  /** The routers as groups (§routers): what `groups/list` answers a session that speaks the grouping extension. */
  groups: ToolGroup[];
  /** SHA-256 of `groups`: what decides whether it must hear notifications/groups/list_changed. */
  groupsHash: string;
}

/** The inputs of a session's list: the presenter's catalog and surface, the session's state and client, and whether a required policy is missing. */
export interface ListingKey {
  stamp: number;
  etag: string | null;
  version: number;
  client: string | null;
  missing: boolean;
  grouping: boolean;
}

/**
 * One MCP session (a client connection over stdio, or a Streamable HTTP session): its own
 * activations, called servers and last search, and the list it was given.
 */
export class ProxySession {
  readonly id: string;
  client: string | null = null;
  /** The MCP revision the client speaks on this session (traced with each call); null until it said. */
  protocol: string | null = null;
  presented: PresentedSession = EMPTY_PRESENTED_SESSION;
  /** Bumped whenever `presented` changes, so a cached listing is known stale. */
  version = 0;
  listing: SessionListing | null = null;
  /** The toolsHash of the list the client last read or was told of; null until it first listed (nothing to tell before). */
  known: string | null = null;
  lastSeenAt = Date.now();
  /** What the proxy said to this session of its servers (slow, failed), by key: each is said once. */
  readonly told = new Set<string>();
  /**
   * The client declared the MCP grouping extension at initialize: its tools carry the groups they
   * belong to, and it hears notifications/groups/list_changed (§routers).
   */
  grouping = false;
  /** The groupsHash of the groups the client last read; null until it first asked (nothing to tell before). */
  knownGroups: string | null = null;
  /** Tell the client its groups changed (notifications/groups/list_changed); set where the session has a server to send it. */
  notifyGroupsChanged: (() => Promise<void>) | null = null;

  constructor(
    /** Tell the client its tool list changed (notifications/tools/list_changed). */
    readonly notifyListChanged: () => Promise<void>,
    id: string = randomUUID(),
    /** Served on MCP 2026-07-28: its list never changes with its calls (§surface, protocol revisions). */
    readonly stateless = false,
  ) {
    this.id = id;
    if (stateless) this.protocol = STATELESS_REVISION;
  }

  /** What the session is listed as: its own state, or on a stateless revision the same for every request. */
  listedAs(surface: PresentedSurface): PresentedSession {
    return this.stateless ? statelessSession(surface) : this.presented;
  }

  update(next: PresentedSession): void {
    if (this.stateless || next === this.presented) return;
    this.presented = next;
    this.version++;
  }
}

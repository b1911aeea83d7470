/** The MCP revisions favindex speaks, to its clients and to the servers behind its proxy (§surface, protocol revisions). */
export const SESSION_REVISION = '2025-11-25';
/** The revision served without sessions: no initialize, list changes through subscriptions/listen. */
export const STATELESS_REVISION = '2026-07-28';
export const MCP_REVISIONS = [SESSION_REVISION, STATELESS_REVISION] as const;
export type McpRevision = (typeof MCP_REVISIONS)[number];

/** A revision choice (`--protocol`, a servers file's `"protocol"`): both, negotiated (`auto`), or one only. */
export const REVISION_CHOICES = ['auto', ...MCP_REVISIONS] as const;
export type RevisionChoice = (typeof REVISION_CHOICES)[number];

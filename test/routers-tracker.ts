import type { CatalogTool } from '@/lib/schemas/catalog';
import { type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';

/**
 * A catalog worth folding (§routers, issue #49): `tracker` holds 40 tools of two shapes, a read
 * and a write of each of eight things, and `notes` 3 tools with no honest sibling. ROUTERS folds
 * the tracker into two routers, keeps `notes/search_notes` as a singleton with its reason, and
 * places neither other note tool: they are listed on their own.
 */
export const NOUNS = ['issue', 'pull', 'branch', 'label', 'milestone', 'release', 'comment', 'project'] as const;
export const READS = ['get', 'list'] as const;
export const WRITES = ['create', 'update', 'delete'] as const;

/** The string parameters a tracker tool takes: every one needs the repository, a get or update its number. */
export function trackerParams(verb: string): string[] {
  if (verb === 'list' || verb === 'create') return ['repo'];
  return ['repo', 'number'];
}

export interface RouterTestTool {
  name: string;
  description: string;
  params: string[];
}

export const TRACKER_TOOLS: RouterTestTool[] = NOUNS.flatMap((noun) =>
  [...READS, ...WRITES].map((verb) => ({ name: `${verb}_${noun}`, description: `${verb} a ${noun} of the tracker`, params: trackerParams(verb) })),
);

export const NOTES_TOOLS: RouterTestTool[] = [
  { name: 'search_notes', description: 'Search the notes by words', params: ['query'] },
  { name: 'read_note', description: 'Read one note', params: ['id'] },
  { name: 'append_note', description: 'Append a line to a note', params: ['id', 'line'] },
];

/** A test tool as its server lists it: every parameter a required string (test/mcp-server.ts lists them so). */
export function listedTool(t: RouterTestTool): CatalogTool {
  return {
    name: t.name,
    description: t.description,
    inputSchema: { type: 'object', properties: Object.fromEntries(t.params.map((p) => [p, { type: 'string' }])), required: t.params },
  };
}

export const ROUTERS_SERVERS = [
  { name: 'tracker', tools: TRACKER_TOOLS.map(listedTool) },
  { name: 'notes', tools: NOTES_TOOLS.map(listedTool) },
];

const opsOf = (verbs: readonly string[]) =>
  NOUNS.flatMap((noun) => verbs.map((verb) => ({ op: `${verb}_${noun}`, tool: `tracker/${verb}_${noun}`, note: `${verb} a ${noun}` })));

export const ROUTERS: RoutersConfig = routersConfigSchema.parse({
  routers: [
    { name: 'tracker_read', description: 'Read the tracker: one thing, or a list of them.', ops: opsOf(READS) },
    { name: 'tracker_write', description: 'Change the tracker: create, update or delete one thing.', ops: opsOf(WRITES) },
  ],
  singletons: [{ tool: 'notes/search_notes', reason: 'the only search: no other tool takes free words' }],
});

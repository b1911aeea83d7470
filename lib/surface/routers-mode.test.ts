import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig, type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { DEFAULT_INSTRUCTIONS } from '@/lib/schemas/surface-config';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { modeInputs } from '@/test/surface-catalogs';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';
import type { ListedTool } from './types';

const catalog = prepareCatalog(ROUTERS_SERVERS);
const favourites = { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue', 'notes/read_note'] };
const list = (routers: RoutersConfig = ROUTERS, extra: Parameters<typeof modeInputs>[0] = {}) =>
  buildModeList('routers', catalog, modeInputs({ favourites, routers, ...extra }));
const names = (tools: readonly ListedTool[]) => tools.map((t) => t.name);

/** Every catalog tool each entry past the favourites reaches: its own, or its ops'. */
function reached(tools: readonly ListedTool[]): string[] {
  return tools.filter((t) => t.source !== 'favourite' && t.source !== 'agent').flatMap((t) => (t.ops ? t.ops.map((o) => o.canonical) : [t.canonical ?? '']));
}

describe('the routers mode list', () => {
  it('lists the agent tools, the favourites, one tool per router, the singletons, then every tool in neither, in that order', () => {
    const { tools, instruction, leftOut } = list(ROUTERS, { agentTools: ['edit'] });
    expect(names(tools)).toEqual([
      'edit',
      'fav_get_issue',
      'fav_read_note',
      'tracker_read',
      'tracker_write',
      'all_notes_search_notes',
      'all_notes_read_note',
      'all_notes_append_note',
    ]);
    expect(tools.map((t) => t.source)).toEqual(['agent', 'favourite', 'favourite', 'router', 'router', 'singleton', 'singleton', 'singleton']);
    // The favourites are typed and loaded as in the favourites first mode, with its instruction.
    expect(tools[1]).toMatchObject({ canonical: 'tracker/get_issue', alwaysLoad: true, body: catalog.byCanonical.get('tracker/get_issue')!.tool });
    expect(instruction).toBe(DEFAULT_INSTRUCTIONS.safe);
    expect(leftOut).toEqual([]);
    // 48 tools of three servers' worth fold into 8 entries, well within the default budget of 30.
    expect(tools.length).toBeLessThanOrEqual(30);
  });

  it('reaches every catalog tool through exactly one op or one tool of its own, besides its favourite name', () => {
    const all = catalog.entries.map((e) => e.canonical).sort();
    for (const routers of [ROUTERS, emptyRoutersConfig(), { ...ROUTERS, singletons: [] }, { ...ROUTERS, routers: ROUTERS.routers.slice(1) }]) {
      expect(reached(list(routers).tools).sort()).toEqual(all);
    }
  });

  it("gives a router its description with one line per op, and a schema of a closed op and the op's arguments", () => {
    const read = list().tools.find((t) => t.name === 'tracker_read')!;
    expect(read.canonical).toBeNull();
    expect(read.ops?.slice(0, 2)).toEqual([
      { op: 'get_issue', canonical: 'tracker/get_issue', note: 'get a issue' },
      { op: 'list_issue', canonical: 'tracker/list_issue', note: 'list a issue' },
    ]);
    const lines = read.body.description!.split('\n');
    expect(lines[0]).toBe('Read the tracker: one thing, or a list of them.');
    expect(lines.slice(1, 3)).toEqual(['get_issue: get a issue', 'list_issue: list a issue']);
    expect(lines.at(-1)).toBe("list_ops: each op's note and full input schema");
    expect(lines).toHaveLength(1 + 16 + 1);
    expect(read.body.inputSchema).toEqual({
      type: 'object',
      properties: {
        op: { type: 'string', enum: [...ROUTERS.routers[0]!.ops.map((o) => o.op), 'list_ops'], description: expect.any(String) },
        arguments: { type: 'object', description: expect.any(String) },
      },
      required: ['op'],
    });
  });

  it('with no routers configured, lists the favourites and then every catalog tool on its own, by the names the favourites first mode gives', () => {
    const bare = list(emptyRoutersConfig());
    const favindex = buildModeList('favindex', catalog, modeInputs({ favourites }));
    expect(names(bare.tools)).toEqual(names(favindex.tools));
    expect(bare.tools.map((t) => t.body)).toEqual(favindex.tools.map((t) => t.body));
    expect(bare.instruction).toBe(favindex.instruction);
  });

  it('names singletons by the naming scheme, as the favourites first mode names its all tools', () => {
    const slash = list(ROUTERS, { naming: 'slash' });
    expect(names(slash.tools).slice(0, 5)).toEqual(['favourite/get_issue', 'favourite/read_note', 'tracker_read', 'tracker_write', 'all/notes/search_notes']);
  });

  it('leaves out an op whose tool is not in the catalog, and a router none of whose tools is; the rest of the router stays', () => {
    const routers = routersConfigSchema.parse({
      routers: [
        { name: 'gone', description: 'Tools of a server not synced yet', ops: [{ op: 'run', tool: 'later/run', note: 'run it' }] },
        {
          name: 'notes_rw',
          description: 'Read and write notes',
          ops: [
            { op: 'read', tool: 'notes/read_note', note: 'read one' },
            { op: 'gone', tool: 'notes/removed', note: 'was here' },
          ],
        },
      ],
    });
    const { tools, leftOut, notes } = list(routers);
    expect(names(tools)).not.toContain('gone');
    expect(tools.find((t) => t.name === 'notes_rw')?.ops?.map((o) => o.op)).toEqual(['read']);
    expect(leftOut.map((l) => [l.canonical, l.reason])).toEqual([
      ['later/run', 'not-in-catalog'],
      ['notes/removed', 'not-in-catalog'],
    ]);
    expect(notes).toContain("router 'gone' is not listed: none of its ops' tools is in the catalog");
  });

  it('leaves out a router whose name another tool has, and lists its tools on their own', () => {
    const routers = routersConfigSchema.parse({
      routers: [{ name: 'all_notes_read_note', description: 'Clash', ops: [{ op: 'append', tool: 'notes/append_note', note: 'append' }] }],
    });
    const { tools, leftOut } = list(routers);
    expect(tools.filter((t) => t.name === 'all_notes_read_note').map((t) => t.source)).toEqual(['singleton']);
    expect(names(tools)).toContain('all_notes_append_note');
    expect(leftOut).toEqual([expect.objectContaining({ name: 'all_notes_read_note', reason: 'name-taken', duplicateOf: 'notes/read_note' })]);
  });

  it('keeps an op or singleton that is also a favourite in its place: the favourite is a second name, as in the favourites first mode', () => {
    const { tools } = list();
    expect(tools.find((t) => t.name === 'tracker_read')?.ops?.map((o) => o.canonical)).toContain('tracker/get_issue');
    expect(names(tools)).toContain('all_notes_read_note');
  });
});

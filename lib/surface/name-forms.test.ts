import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { NamingScheme } from '@/lib/schemas/surface-config';
import { modeInputs, tool } from '@/test/surface-catalogs';
import { applyClient } from './client-list';
import { CLIENT_IDS, CLIENTS, type ClientId } from './clients';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';
import { previewModes } from './preview';
import { resolveTarget } from './targets';
import type { SurfaceServer } from './types';

// What a client makes of each name is kept per client and server key (client-list.ts): every
// answer read from it must be the one worked out afresh. A copy of a profile is not one of the
// known profiles, so nothing is kept for it: it gives the answer without the cache.
const uncached = (client: ClientId) => ({ ...CLIENTS[client] });

const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'] };
const demo: SurfaceServer[] = DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools }));
// The next catalog version: a tool renamed so its server key and name reach Cursor's limit, one with a '.', one gone.
const next: SurfaceServer[] = demo.map((s, i) =>
  i === 0 ? { name: s.name, tools: [...s.tools.slice(1), tool('a_tool_whose_name_is_long_enough_for_cursor_x'), tool('read.v2')] } : s,
);

function listOf(servers: SurfaceServer[], naming: NamingScheme, serverKey: string) {
  return buildModeList('favindex', prepareCatalog(servers), modeInputs({ favourites, naming, serverKey })).tools;
}

describe('name forms kept per client and server key', () => {
  it('give every client, server key, naming and catalog version its own names and marks, as worked out afresh', () => {
    // Interleaved, so a form kept for one client, key or version would show up in another's answer.
    for (const servers of [demo, next, demo]) {
      for (const serverKey of ['favindex', 'favindex-production-eu1', 'favindex']) {
        for (const naming of ['slash', 'safe'] as const) {
          const list = listOf(servers, naming, serverKey);
          for (const client of CLIENT_IDS) {
            const kept = applyClient(CLIENTS[client], serverKey, list);
            expect(kept).toEqual(applyClient(uncached(client), serverKey, list));
            // Asked again (now from the forms kept), the same answer.
            expect(applyClient(CLIENTS[client], serverKey, list)).toEqual(kept);
          }
        }
      }
    }
  });

  it('differ where the client or key differ: the same name gets each its own', () => {
    const list = listOf(demo, 'slash', 'favindex');
    const at = (client: ClientId, serverKey: string) => {
      const found = applyClient(CLIENTS[client], serverKey, list).tools.find((t) => t.presented === 'favourite/github/create_issue');
      return found && { name: found.name, marks: found.marks.map((m) => m.kind) };
    };
    expect(at('codex', 'favindex')).toEqual({ name: 'mcp__favindex__favourite_github_create_issue', marks: ['renamed'] });
    expect(at('claude-code', 'favindex')).toEqual({ name: 'mcp__favindex__favourite/github/create_issue', marks: ['unknown'] });
    expect(at('codex', 'other-key')).toEqual({ name: 'mcp__other-key__favourite_github_create_issue', marks: ['renamed'] });
    expect(at('claude-desktop', 'favindex')).toEqual({ name: 'favourite/github/create_issue', marks: ['refused-by-client'] });
  });

  it('leave a whole preview as it is without them: a second client, a second key, a new catalog version', () => {
    const target = resolveTarget('anthropic');
    for (const servers of [demo, next]) {
      const catalog = prepareCatalog(servers);
      for (const serverKey of ['favindex', 'favindex-production-eu1']) {
        for (const client of ['claude-code', 'codex', 'vscode-copilot', 'cursor'] as const) {
          const inputs = modeInputs({ favourites, naming: 'slash', serverKey, agentTools: 3 });
          const kept = previewModes('all', catalog, inputs, target, 'full', { profile: CLIENTS[client], serverKey });
          expect(kept).toEqual(previewModes('all', catalog, inputs, target, 'full', { profile: uncached(client), serverKey }));
        }
      }
    }
  });
});

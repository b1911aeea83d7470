import { describe, expect, it } from 'vitest';
import { CLIENT_IDS } from '@/lib/surface/clients';
import { writeFavourites } from '@/server/favourites/favourites';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createProjectWithSharedNames, event } from '@/test/fixtures';
import { otlpExport, span } from '@/test/otlp';

const t = setupTestDatabase();

type Listed = { id: string; tool: string; canonical: string | null; namespace: string; kind: string; unresolvedReason: string | null };

async function eventsOf(id: string): Promise<Map<string, Listed>> {
  const all = new Map<string, Listed>();
  for (let before: string | null = ''; before !== null; ) {
    const res: { status: number; body: { events: Listed[]; next: string | null } } = await api.get(
      `/api/projects/${id}/events?limit=500${before ? `&before=${before}` : ''}`,
    );
    expect(res.status).toBe(200);
    for (const e of res.body.events as Listed[]) all.set(e.id, e);
    before = res.body.next;
  }
  return all;
}

/** The names a model receives through a client, read from the preview: what the dashboard shows is what ingest must take back. */
async function finalNames(id: string, client: string, naming: string) {
  const res = await api.get(`/api/projects/${id}/preview?client=${client}&naming=${naming}&mode=favindex&detail=names`);
  expect(res.status).toBe(200);
  return (res.body.modes[0].tools as { name: string; canonical: string | null; source: string }[]).filter((tool) => tool.canonical);
}

function project(): Promise<string> {
  return createProjectWithSharedNames(t.db);
}

describe('ingest takes back every name a client sends', () => {
  it('every client form of both schemes, sent as events, resolves to its tool in its namespace', async () => {
    const id = await project();
    const sent: { id: string; canonical: string; source: string }[] = [];
    const events: object[] = [];
    for (const naming of ['slash', 'safe']) {
      for (const client of CLIENT_IDS) {
        for (const [i, tool] of (await finalNames(id, client, naming)).entries()) {
          const eventId = `${naming}-${client}-${i}`;
          sent.push({ id: eventId, canonical: tool.canonical!, source: tool.source });
          events.push(event(eventId, tool.name, { timestamp: new Date().toISOString() }));
        }
      }
    }
    expect(sent).toHaveLength(2 * CLIENT_IDS.length * (3 + 26 + 9 + 14));
    const res = await api.post(`/api/projects/${id}/events`, { json: events });
    expect(res.body).toMatchObject({ accepted: events.length, rejected: [] });
    const stored = await eventsOf(id);
    for (const { id: eventId, canonical, source } of sent) {
      expect(stored.get(eventId), eventId).toMatchObject({ kind: 'tool', canonical, namespace: source });
    }
  });

  it('OTLP spans named as Claude Code and Codex name the tools resolve the same way', async () => {
    const id = await project();
    const names = [...(await finalNames(id, 'claude-code', 'safe')), ...(await finalNames(id, 'codex', 'slash'))];
    const now = Date.now();
    const spans = names.map((tool, i) =>
      span({
        spanId: (i + 1).toString(16).padStart(16, '0'),
        name: `tools/call ${tool.name}`,
        startMs: now + i,
        durationMs: 1,
        attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool.name },
      }),
    );
    const body = otlpExport('claude-code', spans);
    const res = await api.post(`/api/projects/${id}/otlp/v1/traces`, { json: body });
    expect(res.status).toBe(200);
    const stored = await eventsOf(id);
    names.forEach((tool, i) => {
      expect(stored.get(`otel:${(i + 1).toString(16).padStart(16, '0')}`)).toMatchObject({ kind: 'tool', canonical: tool.canonical });
    });
  });

  it('a client name of a favourite follows the version in force at the call, and resolves again when that changes', async () => {
    const id = await project();
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await api.post(`/api/projects/${id}/events`, {
      json: [
        event('c1', 'mcp__favindex__fav_search_code', { timestamp: tenMinutesAgo }),
        event('c2', 'mcp_work_fav_read_file', { timestamp: new Date().toISOString() }),
      ],
    });
    let stored = await eventsOf(id);
    expect(stored.get('c1')!.unresolvedReason).toMatch(/looks like Claude Code or Codex.*'fav_search_code' was not a favourite/);
    expect(stored.get('c2')!.kind).toBe('unresolved');

    // Pinned from twenty minutes ago: the call ten minutes ago was to a favourite after all.
    await writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['github/search_code'] }, { via: 'api', at: new Date(Date.now() - 1_200_000) });
    // The project's clients call it 'work': VS Code's names start mcp_work_.
    const surface = (await api.get(`/api/projects/${id}`)).body.surface;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...surface, serverKey: 'work' } } });
    stored = await eventsOf(id);
    expect(stored.get('c1')).toMatchObject({ kind: 'tool', canonical: 'github/search_code', namespace: 'favourite' });
    expect(stored.get('c2')).toMatchObject({ kind: 'tool', canonical: 'filesystem/read_file', namespace: 'favourite' });
  });
});

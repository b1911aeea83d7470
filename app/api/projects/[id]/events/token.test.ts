import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { bearer, createToken } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { otlpExport, span } from '@/test/otlp';

setupTestDatabase();

async function listed(id: string) {
  const res = await api.get(`/api/projects/${id}/events?limit=50`);
  expect(res.status).toBe(200);
  return res.body.events as { id: string; token: string | null; status: string }[];
}

describe('events carry the token that sent them (§policy identities)', () => {
  it('names the token of the request, whatever the event says, and none for the dashboard', async () => {
    const id = await createTestProject();
    const { token, name } = await createToken(id, ['events:write']);
    const at = new Date().toISOString();
    const sent = await api.post(`/api/projects/${id}/events`, {
      json: [
        {
          id: 'by-token',
          type: 'tool_call_trace',
          timestamp: at,
          tool: 'github/create_issue',
          status: 'denied',
          errorCode: 'policy_denied',
          token: 'someone-else',
        },
      ],
      headers: bearer(token),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.accepted).toBe(1);
    await api.post(`/api/projects/${id}/events`, {
      json: [{ id: 'by-admin', type: 'tool_call_trace', timestamp: at, tool: 'github/create_issue', status: 'ok' }],
    });
    const otlp = await api.post(`/api/projects/${id}/otlp/v1/traces`, {
      json: otlpExport('codex', [
        span({
          spanId: 'aaaaaaaaaaaaaaaa',
          name: 'tools/call github/create_issue',
          startMs: Date.now(),
          attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'github/create_issue' },
        }),
      ]),
      headers: bearer(token),
    });
    expect(otlp.status).toBe(200);
    const byId = new Map((await listed(id)).map((e) => [e.id, e]));
    expect(byId.get('by-token')).toMatchObject({ token: name, status: 'denied' });
    expect(byId.get('by-admin')?.token).toBeNull();
    expect(byId.get('otel:aaaaaaaaaaaaaaaa')?.token).toBe(name);
  });
});

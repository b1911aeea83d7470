import { describe, expect, it } from 'vitest';
import { identityUsageSchema } from '@/lib/contracts/identity-usage';
import { api, expectEnvelope } from '@/test/api';
import { bearer, createToken } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const trace = (id: string, extra: Record<string, unknown>) => ({
  id,
  type: 'tool_call_trace',
  timestamp: new Date().toISOString(),
  tool: 'github/create_issue',
  status: 'ok',
  ...extra,
});

async function send(id: string, events: unknown[], headers: Record<string, string> = {}) {
  const res = await api.post(`/api/projects/${id}/events`, { json: events, headers });
  expect(res.status).toBe(200);
  expect(res.body.accepted).toBe(events.length);
}

describe('GET /api/projects/:id/usage/identities (§policy)', () => {
  it('counts calls, failures and refusals per token and client, most calls first', async () => {
    const id = await createTestProject(['github']);
    const ci = await createToken(id, ['events:write']);
    await send(
      id,
      [
        trace('a', { client: 'codex' }),
        trace('b', { client: 'codex', status: 'denied', errorCode: 'policy_denied', tool: 'github/merge_pull_request' }),
        trace('c', { client: 'codex', status: 'error', errorCode: 'tool_error' }),
      ],
      bearer(ci.token),
    );
    await send(id, [trace('d', { client: 'cursor' })]);
    const res = await api.get(`/api/projects/${id}/usage/identities?window=7d`);
    expect(res.status).toBe(200);
    const body = identityUsageSchema.parse(res.body);
    expect(body.identities.map(({ lastCallAt: _, ...rest }) => rest)).toEqual([
      { token: ci.name, client: 'codex', calls: 3, errors: 1, denied: 1, tools: 2 },
      { token: null, client: 'cursor', calls: 1, errors: 0, denied: 0, tools: 1 },
    ]);
    expect(body.truncated).toBe(false);

    // Why calls fail, for one token only.
    const mine = await api.get(`/api/projects/${id}/usage/arguments?window=7d&token=${encodeURIComponent(ci.name)}`);
    const none = await api.get(`/api/projects/${id}/usage/arguments?window=7d&token=nobody`);
    expect(mine.status).toBe(200);
    expect(mine.body.totals.calls).toBe(3);
    expect(none.body.totals.calls).toBe(0);
  });

  it('answers 404 for a project that does not exist and 400 for a bad window', async () => {
    expectEnvelope(await api.get('/api/projects/no-such/usage/identities'), 404, 'PROJECT_NOT_FOUND');
    const id = await createTestProject();
    expectEnvelope(await api.get(`/api/projects/${id}/usage/identities?window=9999d`), 400, 'INVALID_PARAMETER');
  });
});

import { describe, expect, it } from 'vitest';
import { lockProjectForIngest } from '@/db/queries/ingest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { IngestArgumentChecks } from './ingest-checks';

const t = setupTestDatabase();

const CATALOG = {
  tools: [{ name: 'run', inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } }, required: ['code'] } }],
};

describe('ingest’s argument checks of one request (§arguments)', () => {
  it('stop once the request has spent its time, and say so for each call left unchecked', async () => {
    const id = await createTestProject([], 'budget');
    expect((await api.put(`/api/projects/${id}/catalog/jobs`, { json: CATALOG })).status).toBeLessThan(300);
    const state = await lockProjectForIngest(t.db, id);
    if (!state) throw new Error('the project was just made');
    const catalog = { projectId: id, catalogVersion: state.catalogVersion, createdAt: state.createdAt };
    const calls = ['abc', 'ABC', 'abc'].map((code) => ({ server: 'jobs', tool: 'run', at: Date.now(), args: { code } }));
    // A budget of 0 ms: the first call is checked (a check is never cut halfway), the rest are not.
    const found = await new IngestArgumentChecks(0).check(t.db, catalog, calls);
    expect(found).toEqual([
      { problems: [expect.objectContaining({ path: '$.code', keyword: 'pattern' })] },
      { unchecked: 'this request spent its 0 ms of argument checks before this event; send fewer events with arguments per request' },
      { unchecked: 'this request spent its 0 ms of argument checks before this event; send fewer events with arguments per request' },
    ]);
    // With a budget they stay within, all three are checked.
    expect((await new IngestArgumentChecks(60_000).check(t.db, catalog, calls)).map((c) => c.problems?.length)).toEqual([1, 0, 1]);
  });
});

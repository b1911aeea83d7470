import { describe, expect, it } from 'vitest';
import { lockProjectForIngest } from '@/db/queries/ingest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';
import { IngestArgumentChecks } from './ingest-checks';

const t = setupTestDatabase();

const CATALOG = {
  tools: [{ name: 'run', inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } }, required: ['code'] } }],
};

describe('ingest’s argument checks of one request (§arguments)', () => {
  it('stop once the request has done its work, and say so for each call left unchecked', async () => {
    const id = await createTestProject([], 'budget');
    expect((await api.put(`/api/projects/${id}/catalog/jobs`, { json: CATALOG })).status).toBeLessThan(300);
    const state = await lockProjectForIngest(t.db, id);
    if (!state) throw new Error('the project was just made');
    const catalog = { projectId: id, catalogVersion: state.catalogVersion, createdAt: state.createdAt };
    const calls = ['abc', 'ABC', 'abc'].map((code) => ({ server: 'jobs', tool: 'run', at: Date.now(), args: { code } }));
    // A budget of 0: the first call is checked (a check is never cut halfway), the rest are not.
    const spent = "this request's argument checks did their 0 units of work before this event; send fewer events with arguments per request";
    const found = await new IngestArgumentChecks(0).check(t.db, catalog, calls);
    expect(found).toEqual([{ problems: [expect.objectContaining({ path: '$.code', keyword: 'pattern' })] }, { unchecked: spent }, { unchecked: spent }]);
    // The work is counted, not timed: the schema's compile and each call's characters ({"code":"abc"}
    // counts 2 + 8 + 5). A budget that the compile and the first call use up to the unit checks
    // exactly two calls, whatever else the machine is doing; one unit more checks all three.
    const compileAndOne = ARGUMENT_CHECK_LIMITS.ingestCompileWork + 15;
    const checkedBy = async (work: number) => (await new IngestArgumentChecks(work).check(t.db, catalog, calls)).map((c) => c.problems?.length ?? c.unchecked);
    expect(await checkedBy(compileAndOne)).toEqual([1, 0, expect.stringContaining('units of work')]);
    expect(await checkedBy(compileAndOne + 15)).toEqual([1, 0, 1]);
    // A budget carried across a request's chunks: what was done before counts.
    expect(
      (await new IngestArgumentChecks().check(t.db, catalog, calls, { work: ARGUMENT_CHECK_LIMITS.ingestRequestWork + 1 })).every((c) => c.unchecked),
    ).toBe(true);
  });
});

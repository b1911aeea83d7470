import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

const t = setupTestDatabase();

const runReport = (required: string[], properties: Record<string, unknown>) => ({
  tools: [{ name: 'run_report', description: 'The sales report between two dates', inputSchema: { type: 'object', properties, required } }],
});
const DATES = { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' } };

interface Stored {
  event_id: string;
  failure_classes: string[] | null;
  argument_problems: { path: string; class: string; suggestion?: string }[] | null;
}

async function stored(projectId: string): Promise<Map<string, Stored>> {
  const rows = await queryRows<Stored & Record<string, unknown>>(t.db, sql`select * from events where project_id = ${projectId}`);
  for (const row of rows) expect(JSON.stringify(row), 'no argument value is stored').not.toMatch(/2026-01-0[1-9]|secret/);
  return new Map(rows.map((r) => [r.event_id, r]));
}

async function reportsProject(): Promise<string> {
  const id = await createTestProject([], 'args');
  expect((await api.put(`/api/projects/${id}/catalog/reports`, { json: runReport(['startDate'], DATES) })).status).toBeLessThan(300);
  return id;
}

describe('ingest classes every call (§arguments)', () => {
  it('checks the arguments another proxy sends against the schema, and keeps the classes and paths, not the values', async () => {
    const id = await reportsProject();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('start', 'reports__run_report', { canonical: 'reports/run_report', arguments: { start: '2026-01-01' }, model: 'gpt-5.4-mini' }),
        event('right', 'reports__run_report', { canonical: 'reports/run_report', arguments: { startDate: '2026-01-02' } }),
        event('wrong-type', 'reports__run_report', { canonical: 'reports/run_report', arguments: { startDate: 20260103 } }),
        event('invoke', 'mcp_invoke_tool', { arguments: { server: 'reports', tool: 'run_report', arguments: { startDate: 'secret' } } }),
        event('no-args', 'reports__run_report', { canonical: 'reports/run_report', status: 'error' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(5);
    const rows = await stored(id);
    expect(rows.get('start')).toMatchObject({
      failure_classes: ['missing_required', 'unexpected_param'],
      argument_problems: expect.arrayContaining([
        expect.objectContaining({ path: '$.startDate', class: 'missing_required' }),
        expect.objectContaining({ path: '$.start', class: 'unexpected_param', suggestion: 'startDate' }),
      ]),
    });
    expect(rows.get('right')).toMatchObject({ failure_classes: ['ok'], argument_problems: [] });
    expect(rows.get('wrong-type')?.failure_classes).toEqual(['type_error']);
    expect(rows.get('invoke')?.argument_problems).toEqual([expect.objectContaining({ path: '$.startDate', class: 'value_error', keyword: 'format' })]);
    // No arguments sent: not checked, classed by its status.
    expect(rows.get('no-args')).toMatchObject({ failure_classes: ['server_error'], argument_problems: null });
  });

  it('judges a call by the catalog version in force at its time', async () => {
    const id = await reportsProject();
    await t.db.execute(sql`update catalog_versions set created_at = now() - interval '3 days' where project_id = ${id}`);
    // The server renames startDate to from: a new version, in force from a day ago.
    expect((await api.put(`/api/projects/${id}/catalog/reports`, { json: runReport(['from'], { from: DATES.startDate }) })).status).toBeLessThan(300);
    await t.db.execute(sql`update catalog_versions set created_at = now() - interval '1 day' where project_id = ${id} and version = 2`);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('old', 'reports__run_report', { canonical: 'reports/run_report', timestamp: twoDaysAgo, arguments: { startDate: '2026-01-04' } }),
        event('new', 'reports__run_report', { canonical: 'reports/run_report', arguments: { startDate: '2026-01-05' } }),
      ],
    });
    expect(res.body.accepted).toBe(2);
    const rows = await stored(id);
    expect(rows.get('old')?.failure_classes).toEqual(['ok']);
    expect(rows.get('new')?.failure_classes).toEqual(['missing_required', 'unexpected_param']);
    expect(rows.get('new')?.argument_problems).toContainEqual(expect.objectContaining({ path: '$.startDate', class: 'unexpected_param' }));
  });

  it("keeps favindex proxy's own problems, and names invented tools and servers", async () => {
    const id = await reportsProject();
    const problems = [
      { path: '$.startDate', class: 'missing_required', keyword: 'required', blocking: true },
      { path: '$.start', class: 'unexpected_param', keyword: 'additionalProperties', suggestion: 'startDate', blocking: false },
    ];
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('proxy', 'reports__run_report', {
          canonical: 'reports/run_report',
          argumentProblems: problems,
          failureClasses: ['missing_required', 'unexpected_param'],
        }),
        event('made-up', 'reports__delete_everything', { status: 'error' }),
        event('no-server', 'mcp_invoke_tool', { status: 'error', errorCode: 'unknown_server', arguments: { server: 'billing', tool: 'refund' } }),
      ],
    });
    expect(res.body.accepted).toBe(3);
    const rows = await stored(id);
    expect(rows.get('proxy')).toMatchObject({ failure_classes: ['missing_required', 'unexpected_param'], argument_problems: problems });
    expect(rows.get('made-up')?.failure_classes).toEqual(['invented_tool']);
    expect(rows.get('no-server')?.failure_classes).toEqual(['invented_server']);
  });

  it('refuses a malformed argumentProblems with a clear reason, and stores the rest of the batch', async () => {
    const id = await reportsProject();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('bad', 'reports__run_report', { argumentProblems: [{ path: 'startDate', class: 'nonsense', keyword: 'required', blocking: true }] }),
        event('fine', 'reports__run_report', { canonical: 'reports/run_report', arguments: { startDate: '2026-01-06' } }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected).toEqual([expect.objectContaining({ index: 0 })]);
    expect(JSON.stringify(res.body.rejected)).toMatch(/path must be a JSON path starting with \$/);
    expect([...(await stored(id)).keys()]).toEqual(['fine']);
  });
});

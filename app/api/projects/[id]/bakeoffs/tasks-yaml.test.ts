import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { applyYaml as apply } from '@/test/yaml-documents';

/** A project keeps its bake-off tasks in its YAML (spec.bakeoffTasks), round-tripped like the rest. */
setupTestDatabase();

const exportOne = async (id: string) => (await api.get(`/api/projects/${id}/yaml`)).text;

const TASKS = `  bakeoffTasks:
    - id: weekly
      prompt: Run the sales report for the week starting 2026-01-05
      target: reports/run_report
      arguments:
        equals:
          startDate: 2026-01-05
          region: { name: EMEA, code: 3 }
      fixtures:
        reports/run_report: { total: 1200 }
    - id: contact
      thread:
        - { role: user, content: "Ada Lovelace, ada@example.com, wants in" }
        - { role: assistant, content: Shall I add her to the CRM? }
        - { role: user, content: "Yes" }
      target: crm/create_contact
      arguments:
        required: [firstName, email]
        schema: { type: object, required: [email] }
      maxTurns: 6
`;

describe('bake-off tasks in the project YAML', () => {
  it('keeps the tasks as written: export → apply → export is byte-identical, and applying an export changes nothing', async () => {
    const id = await createTestProject([], 'bo-tasks');
    const before = await exportOne(id);
    expect(before).not.toContain('bakeoffTasks');
    const written = `${before}${TASKS}`;
    const applied = await apply(written);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.bakeoffTasks']);
    const exported = await exportOne(id);
    const tasks = parse(exported).spec.bakeoffTasks;
    expect(tasks.map((t: { id: string }) => t.id)).toEqual(['weekly', 'contact']);
    // Keys of the checks and fixtures as written, not as the database orders them.
    expect(Object.keys(tasks[0].arguments.equals)).toEqual(['startDate', 'region']);
    expect(tasks[0].arguments.equals.region).toEqual({ name: 'EMEA', code: 3 });
    expect(tasks[1].thread).toHaveLength(3);
    expect((await apply(exported)).body.summary).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect(await exportOne(id)).toBe(exported);

    // Leaving them out of the document keeps them (an apply changes what it says, §yaml); an empty list drops them.
    expect((await apply(before)).body.summary).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect(await exportOne(id)).toBe(exported);
    const cleared = await apply(`${before}  bakeoffTasks: []\n`);
    expect(cleared.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.bakeoffTasks']);
    expect(await exportOne(id)).toBe(before);
  });

  it('refuses a bad target and a task id given twice, saying where, and keeps the tasks it had', async () => {
    const id = await createTestProject([], 'bo-bad');
    await apply(`${await exportOne(id)}${TASKS}`);
    const kept = await exportOne(id);
    const bad = await apply(kept.replace('target: crm/create_contact', 'target: create_contact'));
    expectEnvelope(bad, 422, 'YAML_INVALID');
    const messages = bad.body.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`).join('\n');
    expect(messages).toContain("spec.bakeoffTasks[1].target: must be a canonical server/tool name, e.g. 'reports/run_report'");
    expect(await exportOne(id)).toBe(kept);
    const twice = await apply(kept.replace('- id: contact', '- id: weekly'));
    expectEnvelope(twice, 422, 'YAML_INVALID');
    expect(twice.body.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`)).toContain(
      "spec.bakeoffTasks[1].id: task 'weekly' is named twice; each task id appears once",
    );
    expect(await exportOne(id)).toBe(kept);
  });
});

import { describe, expect, it } from 'vitest';
import { TASK_FILE_EXAMPLE } from './task-example';
import { parseBakeoffTasks } from './tasks';

describe('the tasks file example that --help and the Bake-off page show', () => {
  it('is a tasks file that parses, with a prompt task and a thread task and every kind of check', () => {
    const { tasks } = parseBakeoffTasks(TASK_FILE_EXAMPLE);
    expect(tasks).toEqual([
      {
        id: 'weekly-report',
        prompt: 'Run the sales report for the week starting 2026-01-05',
        target: 'reports/run_report',
        arguments: { required: ['startDate'], equals: { startDate: '2026-01-05' } },
        fixtures: { 'reports/run_report': { total: 1200 } },
      },
      {
        id: 'new-contact',
        thread: [
          { role: 'user', content: 'Ada Lovelace, ada@example.com, wants in' },
          { role: 'assistant', content: 'Shall I add her to the CRM?' },
          { role: 'user', content: 'Yes' },
        ],
        target: 'crm/create_contact',
        arguments: { schema: { required: ['email'], properties: { email: { const: 'ada@example.com' } } } },
        maxTurns: 6,
      },
    ]);
  });
});

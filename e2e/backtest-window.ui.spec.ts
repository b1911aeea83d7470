import { expect, test } from '@playwright/test';
import { dailyCalls } from '../test/planted-traces';
import { DESKTOP_AND_PHONE, newProject, putCatalog, sendEvents } from './helpers';

for (const viewport of DESKTOP_AND_PHONE) {
  test(`the backtest shows the weeks that have calls, and says so of a week without (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const id = await newProject(request, 'backtest-window');
    await putCatalog(request, id, 'github');
    // Calls from 16 days ago until today: three weeks of data.
    await sendEvents(request, id, dailyCalls(16, 0, { 'github/get_issue': 2, 'github/list_issues': 1 }));

    await page.goto(`/projects/${id}/impact`);
    const backtest = page.getByTestId('backtest');
    const weeks = backtest.getByRole('combobox', { name: 'Weeks to backtest' });
    await expect(weeks).toHaveValue('3');
    await expect(weeks.locator('option:checked')).toHaveText('3 (all with calls)');
    const table = backtest.getByTestId('backtest-table');
    await expect(table.getByText(/\d{4}-\d{2}-\d{2} – /)).toHaveCount(3);
    await expect(table.getByText('no calls this week')).toHaveCount(0);
    // The oldest week has calls but nothing before it for the rule to rank: said in words, not "—".
    await expect(table.getByText('no calls before it to learn from')).toHaveCount(1);

    // Eight weeks asked for: the five before the data say they had no calls (rule, pinned, best).
    await weeks.selectOption('8');
    await expect(table.getByText(/\d{4}-\d{2}-\d{2} – /)).toHaveCount(8);
    await expect(table.getByText('no calls this week')).toHaveCount(15);
  });
}

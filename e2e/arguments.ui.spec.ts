import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { newProject, sendEvents } from './helpers';

const RUN_REPORT = {
  name: 'run_report',
  description: 'Run a report over a date range.',
  inputSchema: {
    type: 'object',
    properties: { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' } },
    required: ['startDate'],
  },
};

/**
 * Calls sent by another proxy with their arguments (ingest checks them against the catalog's
 * schema): 11 calls of gpt-5.4-mini through codex (4 with start/end for startDate/endDate, 1 with `from` for startDate and a
 * number for endDate) and 5 right ones of claude-sonnet-4.5.
 */
async function seed(request: APIRequestContext): Promise<string> {
  const id = await newProject(request, 'arguments');
  expect((await request.put(`/api/projects/${id}/catalog/reports`, { data: { tools: [RUN_REPORT] } })).ok()).toBe(true);
  const at = (i: number) => new Date(Date.now() - 3_600_000 + i * 1_000).toISOString();
  const call = (i: number, model: string, client: string, args: object) => ({
    id: `call-${i}`,
    timestamp: at(i),
    tool: 'reports__run_report',
    sessionId: `s-${i}`,
    model,
    client,
    arguments: args,
  });
  await sendEvents(request, id, [
    // gpt-5.4-mini sends start/end for startDate/endDate in 4 of its 10 calls.
    ...Array.from({ length: 10 }, (_, i) =>
      call(i, 'gpt-5.4-mini', 'codex', i < 4 ? { start: '2026-11-01', end: '2026-11-30' } : { startDate: '2026-11-01', endDate: '2026-11-30' }),
    ),
    // A key named like none: the one required key it left out is what it stood for.
    call(10, 'gpt-5.4-mini', 'codex', { from: '2026-11-01', endDate: 30 }),
    ...Array.from({ length: 5 }, (_, i) => call(20 + i, 'claude-sonnet-4.5', 'claude-code', { startDate: '2026-11-01' })),
  ]);
  return id;
}

test('Usage: why calls fail names the tool, the classes per model and the wrong key it stood for', async ({ page, request }) => {
  const id = await seed(request);
  await page.goto(`/projects/${id}`);
  const card = page.getByTestId('why-calls-fail');
  await expect(card.getByTestId('argument-totals')).toHaveText('16 of 16 calls checked · 68.8% well-formed · 68.8% of first calls right');
  await expect(card.getByTestId('argument-checks-mode')).toContainText('Argument checks: observe: record mistakes. Every call goes through to the server');
  const ranking = card.getByTestId('argument-ranking');
  const row = ranking.getByRole('row').filter({ hasText: 'reports/run_report' });
  // Every class that happened, the one wrong type too.
  await expect(row).toContainText('Missing required 5 · Unexpected key 5 · Wrong type 1');
  await expect(row).toContainText('$.end → endDate (4), $.start → startDate (4)');

  await card.getByRole('button', { name: 'Why calls to reports/run_report fail' }).click();
  await expect(page).toHaveURL(/[?&]argTool=reports%2Frun_report/);
  const detail = card.getByTestId('tool-failures');
  await expect(detail.getByRole('heading', { name: 'reports/run_report' })).toBeFocused();
  const gpt = detail.getByTestId('tool-failure-table').getByRole('row').filter({ hasText: 'gpt-5.4-mini' });
  await expect(gpt).toContainText('codex');
  await expect(gpt).toContainText('54.5%');
  await expect(detail.getByTestId('wrong-keys')).toContainText('$.start → startDate, 4 calls, gpt-5.4-mini');
  await expect(detail.getByTestId('wrong-keys')).toContainText('$.from → startDate, 1 call, gpt-5.4-mini');

  // One model only: its calls were all well-formed, and the choice survives a reload.
  await card.getByRole('combobox', { name: 'Model' }).selectOption('claude-sonnet-4.5');
  await expect(card.getByTestId('argument-totals')).toHaveText('5 of 5 calls checked · 100.0% well-formed · 100.0% of first calls right');
  await page.reload();
  await expect(card.getByRole('combobox', { name: 'Model' })).toHaveValue('claude-sonnet-4.5');
  await expect(card.getByTestId('argument-totals')).toHaveText('5 of 5 calls checked · 100.0% well-formed · 100.0% of first calls right');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('why calls fail reads as rows on a phone, with nothing serious for axe', async ({ page, request }) => {
    const id = await seed(request);
    await page.goto(`/projects/${id}?argTool=reports%2Frun_report`);
    const card = page.getByTestId('why-calls-fail');
    await expect(card.getByTestId('wrong-keys')).toContainText('$.start → startDate, 4 calls, gpt-5.4-mini');
    await expect(card.getByTestId('tool-failure-table').getByText('gpt-5.4-mini')).toBeVisible();
    await expect(card.getByTestId('argument-ranking')).toContainText('Missing required 5 · Unexpected key 5 · Wrong type 1');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(390);
    const result = await new AxeBuilder({ page })
      .include('[data-testid="why-calls-fail"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

import { expect, test } from '@playwright/test';
import { newProject, putCatalog, sendEvents } from './helpers';

test('preview: switch the target to cursor, see eager over the cap, replay a session and watch pinned grow', async ({ page, request }) => {
  const id = await newProject(request, 'preview');
  for (const server of ['github', 'gitlab', 'filesystem'] as const) await putCatalog(request, id, server);
  const t0 = Date.now() - 120_000;
  const at = (s: number) => new Date(t0 + s * 1000).toISOString();
  await sendEvents(request, id, [
    { id: 'c1', timestamp: at(1), tool: 'github__create_issue', sessionId: 's-replay' },
    { id: 'c2', timestamp: at(2), tool: 'mcp_find_tools', sessionId: 's-replay' },
    { id: 'c3', timestamp: at(3), tool: 'filesystem__read_file', sessionId: 's-replay' },
    { id: 'c4', timestamp: at(4), tool: 'gitlab__create_issue', sessionId: 's-replay' },
  ]);

  await page.goto(`/projects/${id}`);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute('aria-current', 'page');

  // The project's target is openai: eager (49 catalog tools, no agent tools) fits its 128.
  const eager = page.getByTestId('mode-card-eager');
  await expect(eager.getByTestId('cap-count')).toHaveText('49 / 128 tools');
  await expect(eager).toHaveAttribute('data-verdict', 'ok');

  await page.getByLabel('Target').selectOption('cursor');
  await expect(eager.getByTestId('cap-count')).toHaveText('49 / 40 tools');
  await expect(eager.getByTestId('over-cap')).toHaveText('over the cap by 9');
  await expect(eager).toHaveAttribute('data-verdict', 'warning');
  await expect(eager.getByTestId('left-out-count')).toHaveText('9 tools');
  await expect(page.getByTestId('mode-card-off').getByTestId('over-cap')).toHaveCount(0);

  // Replay the recorded session call by call.
  const pinned = page.getByTestId('mode-card-pinned').getByTestId('cap-count');
  const position = page.getByTestId('replay-position');
  await expect(page.getByLabel('Recorded session').locator('option', { hasText: 's-replay · 4 calls' })).toHaveCount(1);
  await page.getByLabel('Recorded session').selectOption('s-replay');
  await expect(position).toHaveText('Start of the session (0 of 4 calls)');
  await expect(pinned).toHaveText('1 / 40 tools');

  await page.getByRole('button', { name: 'Next call' }).click();
  await expect(position).toHaveText('After call 1 of 4');
  await expect(pinned).toHaveText('27 / 40 tools'); // mcp_find_tools + github's 26

  await page.getByRole('button', { name: 'Next call' }).click();
  await expect(position).toHaveText('After call 2 of 4');
  await expect(page.getByText('activates nothing')).toBeVisible();
  await expect(pinned).toHaveText('27 / 40 tools');

  await page.getByRole('button', { name: 'Next call' }).click();
  await expect(pinned).toHaveText('41 / 40 tools'); // the 40-tool session budget is full
  await expect(page.getByTestId('mode-card-pinned').getByTestId('over-cap')).toHaveText('over the cap by 1');

  // Open pinned: the exact ordered list, activations first.
  await page.getByTestId('mode-card-pinned').getByRole('button', { name: 'Open the list' }).click();
  const rows = page.getByTestId('mode-list').locator('tbody tr');
  await expect(rows).toHaveCount(41);
  await expect(rows.nth(0)).toContainText('mcp_find_tools');
  await expect(rows.nth(1)).toContainText('github__create_issue');
  await expect(rows.nth(1)).toContainText('github/create_issue');
  await expect(rows.nth(2)).toContainText('filesystem__read_file');

  // favindex carries its instruction; a new project's safe names pass the OpenAI name rule.
  await page.getByLabel('Target').selectOption('openai');
  await page.getByTestId('mode-card-favindex').getByRole('button', { name: 'Open the list' }).click();
  await expect(page.getByTestId('instruction')).toContainText('Prefer the fav_ tools');
  await expect(page.getByTestId('mode-list').locator('tbody tr').first()).toContainText('all_github_create_or_update_file');
  await expect(page.getByTestId('mode-list').locator('tbody tr').first()).not.toContainText('name rejected');
  await expect(page.getByTestId('mode-card-favindex').getByTestId('refused-count')).toHaveText('none');
});

test('preview: built for MCP 2026-07-28, a replayed session no longer grows lazy or pinned, and the link keeps the revision', async ({ page, request }) => {
  const id = await newProject(request, 'preview-revision');
  for (const server of ['github', 'filesystem'] as const) await putCatalog(request, id, server);
  const t0 = Date.now() - 120_000;
  await sendEvents(request, id, [
    { id: 'r1', timestamp: new Date(t0 + 1_000).toISOString(), tool: 'github__create_issue', sessionId: 's-revision' },
    { id: 'r2', timestamp: new Date(t0 + 2_000).toISOString(), tool: 'filesystem__read_file', sessionId: 's-revision' },
  ]);
  // What the proxy lists a 2026-07-28 request in pinned mode, with no favourites: the API's own answer.
  const api = await request.get(`/api/projects/${id}/preview?mode=pinned&protocol=2026-07-28`);
  const stateless = (await api.json()).modes[0].tools.length as number;

  await page.goto(`/projects/${id}/preview`);
  const picker = page.getByRole('combobox', { name: 'MCP revision the lists are built for' });
  await expect(picker).toHaveValue('2025-11-25');
  const pinned = page.getByTestId('mode-card-pinned').getByTestId('cap-count');
  await page.getByLabel('Recorded session').selectOption('s-revision');
  await page.getByRole('button', { name: 'Next call' }).click();
  await expect(page.getByTestId('replay-position')).toHaveText('After call 1 of 2');
  const grown = await pinned.textContent();

  await picker.selectOption('2026-07-28');
  await expect(page).toHaveURL(/protocol=2026-07-28/);
  await expect(page.getByTestId('revision-help')).toContainText('2026-07-28 is stateless');
  await expect(pinned).not.toHaveText(grown ?? '');
  await expect(pinned).toHaveText(new RegExp(`^${stateless} / `));
  await page.getByRole('button', { name: 'Next call' }).click();
  await expect(page.getByTestId('replay-position')).toHaveText('After call 2 of 2');
  await expect(pinned).toHaveText(new RegExp(`^${stateless} / `));

  // A reload keeps the revision: it is in the link.
  await page.reload();
  await expect(picker).toHaveValue('2026-07-28');
});

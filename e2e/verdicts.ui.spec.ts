import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { putCatalog, uniqueId } from './helpers';

type Mode = {
  mode: string;
  overBy: number;
  warn: boolean;
  refused: { client: number; provider: number };
  requestRefused: { message: string } | null;
  collisions: number;
  unknown: number;
  leftOut: unknown[];
  tools: { marks?: { kind: string }[] }[];
};
type Preview = { catalog: { tools: number }; modes: Mode[] };

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

/** The level the API's own figures call for, said independently of the page's code. */
function expectedLevel(preview: Preview, mode: Mode): string {
  if (mode.requestRefused) return 'broken';
  const hidden = mode.tools.filter((t) => t.marks?.some((m) => m.kind === 'refused-by-client' || m.kind === 'grouped')).length;
  const trouble =
    preview.catalog.tools === 0 || mode.overBy > 0 || hidden > 0 || mode.leftOut.length > 0 || mode.collisions > 0 || mode.warn || mode.unknown > 0;
  return trouble ? 'warning' : 'ok';
}

function expectedLeftOut(mode: Mode): string {
  if (mode.requestRefused) return 'the whole request';
  const hidden = mode.tools.filter((t) => t.marks?.some((m) => m.kind === 'refused-by-client' || m.kind === 'grouped')).length;
  const lost = mode.leftOut.length + hidden + mode.overBy;
  return lost === 0 ? 'none' : plural(lost, 'tool');
}

async function slashProject(request: APIRequestContext) {
  const id = uniqueId('verdicts');
  const created = await request.post('/api/projects', { data: { id, surface: { mode: 'favindex', target: 'openai', naming: 'slash' } } });
  expect(created.ok()).toBe(true);
  for (const server of ['github', 'gitlab', 'filesystem'] as const) await putCatalog(request, id, server);
  return id;
}

async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('every verdict on the preview and in the header is the one the API calls for', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = await slashProject(request);
  // [client, target] pairs a client really makes (lib/surface/client-targets.ts), chosen so that the verdicts differ from one to the next.
  const routes: [string, string][] = [
    ['raw', 'openai'],
    ['claude-code', 'anthropic'],
    ['raw', 'cursor'],
    ['cursor', 'cursor'],
    ['vscode-copilot', 'gemini'],
  ];
  for (const [client, target] of routes) {
    await test.step(`${client} at ${target}`, async () => {
      const api: Preview = await (await request.get(`/api/projects/${id}/preview?mode=all&client=${client}&target=${target}&detail=names`)).json();
      await page.goto(`/projects/${id}/preview?client=${client}&target=${target}`);
      await expect(page.getByLabel('Target')).toHaveValue(target);
      await settled(page);
      for (const mode of api.modes) {
        const card = page.getByTestId(`mode-card-${mode.mode}`);
        await expect(card, `${mode.mode}`).toHaveAttribute('data-verdict', expectedLevel(api, mode));
        await expect(card.getByTestId('left-out-count'), `${mode.mode} left out`).toHaveText(expectedLeftOut(mode));
        // Never "fits" in green: the cap bar only says where the count stands.
        await expect(card.getByText('fits', { exact: true })).toHaveCount(0);
        if (mode.requestRefused) await expect(card.getByTestId('verdict-reason')).toHaveText(mode.requestRefused.message);
      }
    });
  }

  // The header on another tab judges the project's own mode at its own target, through the client last picked.
  for (const client of ['codex', 'raw']) {
    await page.goto(`/projects/${id}/preview`);
    await page.getByLabel('MCP client').selectOption(client);
    await expect(page).toHaveURL(new RegExp(`[?&]client=${client}`));
    const api: Preview = await (await request.get(`/api/projects/${id}/preview?mode=all&client=${client}&detail=names`)).json();
    const own = api.modes.find((m) => m.mode === 'favindex')!;
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Favourites' }).click();
    const header = page.getByTestId('project-warning');
    await expect(header).toHaveAttribute('data-level', expectedLevel(api, own));
    await expect(header).toContainText(client === 'raw' ? 'At OpenAI' : 'Through Codex CLI, at OpenAI');
    if (own.requestRefused) await expect(header.getByTestId('verdict-reason')).toHaveText(own.requestRefused.message);
  }
});

test('the fix on a broken verdict asks, applies it, and the verdict turns ok', async ({ page, request }) => {
  const id = await slashProject(request);
  await page.goto(`/projects/${id}/preview?client=claude-code`);
  const card = page.getByTestId('mode-card-favindex');
  await expect(card).toHaveAttribute('data-verdict', 'broken');
  await card.getByRole('button', { name: 'Change the project to safe names…' }).click();
  await expect(card.getByTestId('plan-fields')).toHaveText('Tool names: slash → safe');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card).toHaveAttribute('data-verdict', 'ok');
  const project = await (await request.get(`/api/projects/${id}`)).json();
  expect(project.surface.naming).toBe('safe');
});

test('the custom target asks for its cap in plain words before it asks the API, and a link restores the view', async ({ page, request }) => {
  const id = await slashProject(request);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/preview') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`/projects/${id}/preview`);
  await settled(page);
  await page.getByLabel('Target').selectOption('custom');
  await expect(page.getByTestId('cap-needed')).toContainText('Enter the cap: a whole number of tools from 1 to 100,000.');
  const cap = page.getByLabel('Cap (tools per request)');
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await cap.fill('0');
  await expect(page.getByTestId('custom-cap-help')).toHaveText('The cap must be at least 1 tool.');
  await cap.fill('200000');
  await expect(page.getByTestId('custom-cap-help')).toHaveText('The cap is at most 100,000 tools.');
  await cap.fill('20');
  await expect(page.getByTestId('mode-card-eager')).toHaveAttribute('data-verdict', 'warning');
  await expect(page.getByTestId('mode-card-eager').getByTestId('over-cap')).toBeVisible();
  await expect(page).toHaveURL(/[?&]target=custom/);
  await expect(page).toHaveURL(/[?&]cap=20/);

  // Open a list and sort it: both go into the URL too.
  await page.getByTestId('mode-card-lazy').getByRole('button', { name: 'Open the list' }).click();
  await expect(page).toHaveURL(/[?&]open=lazy/);
  await page.getByTestId('mode-list').getByRole('button', { name: 'Name the model receives' }).click();
  await expect(page).toHaveURL(/[?&]sort=name\.asc/);

  await page.reload();
  await expect(page.getByLabel('Target')).toHaveValue('custom');
  await expect(page.getByLabel('Cap (tools per request)')).toHaveValue('20');
  await expect(page.getByTestId('mode-card-eager')).toHaveAttribute('data-verdict', 'warning');
  await expect(page.getByTestId('mode-card-lazy').getByRole('button', { name: 'Showing the list' })).toBeVisible();
  await expect(page.getByTestId('mode-list').locator('th[aria-sort="ascending"]')).toContainText('Name the model receives');
  expect(refused).toEqual([]);
});

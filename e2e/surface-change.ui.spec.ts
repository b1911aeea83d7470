import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { catalogs, DESKTOP_AND_PHONE, putCatalog, uniqueId } from './helpers';

const SERVERS = ['github', 'gitlab', 'filesystem'] as const;
const TOOLS = SERVERS.reduce((n, s) => n + catalogs[s].tools.length, 0);

/** Eager at Cursor's cap of 40 with 49 tools: the verdict offers lazy mode. One proxy runs every server. */
async function overCapProject(request: APIRequestContext) {
  const id = uniqueId('change');
  expect((await request.post('/api/projects', { data: { id, surface: { mode: 'eager', target: 'cursor' } } })).ok()).toBe(true);
  for (const server of SERVERS) await putCatalog(request, id, server);
  const report = {
    host: 'dev-laptop',
    version: '0.1.0',
    startedAt: new Date().toISOString(),
    transport: 'stdio',
    state: 'running',
    surfaceRevision: 1,
    servers: SERVERS.map((name) => ({ name, state: 'up', tools: catalogs[name].tools.length, lastError: null, restarts: 0 })),
    clients: [{ name: 'claude-code', sessions: 1 }],
    presented: { count: 0, names: [] },
    spool: { events: 0, bytes: 0, dropped: 0 },
    lastError: null,
  };
  expect((await request.put(`/api/projects/${id}/proxies/proxy-laptop1`, { data: report })).ok()).toBe(true);
  return id;
}

async function surfaceOf(request: APIRequestContext, id: string) {
  return (await (await request.get(`/api/projects/${id}`)).json()).surface;
}

function settingsForm(page: Page) {
  return page.getByTestId('settings-form');
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the lazy-mode button asks with the diff per proxy; cancel saves nothing, apply changes the project, undo restores it', async ({ page, request }) => {
      const id = await overCapProject(request);
      await page.goto(`/projects/${id}/favourites`);
      const banner = page.getByTestId('project-warning');
      const ask = banner.getByRole('button', { name: 'Change the project to lazy mode…' });
      await ask.click();
      const plan = banner.getByTestId('surface-change');
      await expect(plan).toContainText('Nothing is saved until you apply.');
      await expect(plan.getByTestId('plan-fields')).toHaveText('Mode: eager → lazy');
      await expect(plan.getByTestId('plan-list')).toContainText('Proxy on dev-laptop (claude-code)');
      await expect(plan.getByTestId('plan-count')).toHaveText(`${TOOLS} → 1 tool`);
      await plan.getByTestId('plan-lost').click();
      await expect(plan.getByText('github/create_issue', { exact: true })).toBeVisible();
      await plan.getByTestId('plan-gained').click();
      await expect(plan.getByText('mcp_find_tools', { exact: true })).toBeVisible();

      await plan.getByRole('button', { name: 'Cancel' }).click();
      await expect(banner.getByTestId('surface-change')).toHaveCount(0);
      expect((await surfaceOf(request, id)).mode).toBe('eager');

      await ask.click();
      await banner.getByRole('button', { name: 'Apply' }).click();
      const outcome = page.getByTestId('surface-change-outcome');
      await expect(outcome).toContainText('Saved to the project: Mode: eager → lazy');
      await expect(outcome).toContainText(`Proxy on dev-laptop (claude-code): ${TOOLS} → 1 tool`);
      expect((await surfaceOf(request, id)).mode).toBe('lazy');

      // The message stays on another tab until dismissed; Undo puts eager back.
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Catalog' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${id}/catalog`));
      await outcome.getByRole('button', { name: 'Undo' }).click();
      await expect(outcome).toContainText('Undone');
      await expect.poll(async () => (await surfaceOf(request, id)).mode).toBe('eager');
      await outcome.getByRole('button', { name: 'Dismiss' }).click();
      await expect(outcome).toHaveCount(0);

      // The Preview's fix says it changes the project, and asks too.
      await page.goto(`/projects/${id}/preview`);
      const card = page.getByTestId('mode-card-eager');
      await card.getByRole('button', { name: 'Change the project to lazy mode…' }).click();
      await expect(card.getByTestId('plan-count')).toHaveText(`${TOOLS} → 1 tool`);
      await card.getByRole('button', { name: 'Cancel' }).click();
      expect((await surfaceOf(request, id)).mode).toBe('eager');
    });

    test('the Settings tab changes mode, naming and argument checks after a plan, and back with one more change', async ({ page, request }) => {
      const id = await overCapProject(request);
      // The review counts what the client gets after the tool policy, as the preview does.
      const policy = { default: 'allow', rules: [{ effect: 'deny', tools: ['filesystem/write_file'] }] };
      expect((await request.put(`/api/projects/${id}/policy`, { data: { policy } })).ok()).toBe(true);
      const previewed = await (await request.get(`/api/projects/${id}/preview?mode=eager&detail=names`)).json();
      expect(previewed.modes[0].tools).toHaveLength(TOOLS - 1);
      await page.goto(`/projects/${id}`);
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Settings' }).click();
      const form = settingsForm(page);
      await expect(form.getByLabel('Mode', { exact: true })).toHaveValue('eager');
      await expect(form).toContainText('How the tools are offered to the model');
      // One name per mode: the choice and its line say favourites first, and the line gives the id YAML takes.
      const mode = form.getByLabel('Mode', { exact: true });
      await expect(mode.locator('option[value="favindex"]')).toHaveText('Favourites first');
      await mode.selectOption('favindex');
      await expect(form.getByTestId('mode-words')).toHaveText(
        'Favourites first: clients get your favourite tools up front under names of their own, then every tool, with a line telling the model to prefer the favourites. In YAML and the API it is mode: favindex.',
      );

      await form.getByLabel('Mode', { exact: true }).selectOption('lazy');
      await form.getByLabel('Tool names').selectOption('slash');
      await form.getByLabel('Argument checks').selectOption('enforce');
      await expect(form.getByTestId('mode-words')).toHaveText(
        'Lazy: clients get a search tool, mcp_find_tools, and only the tools the model switches on with it.',
      );
      await expect(form.getByTestId('argument-check-words')).toContainText('the model gets an error naming each problem');
      await form.getByRole('button', { name: 'Review the change…' }).click();
      await expect(form.getByTestId('plan-fields')).toContainText('Mode: eager → lazy');
      await expect(form.getByTestId('plan-fields')).toContainText('Tool names: safe → slash');
      await expect(form.getByTestId('plan-fields')).toContainText('Argument checks: observe → enforce');
      expect(await surfaceOf(request, id)).toMatchObject({ mode: 'eager', naming: 'safe', argumentChecks: 'observe' });
      await form.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('surface-change-outcome')).toContainText(
        'Mode: eager → lazy; Tool names: safe → slash; Argument checks: observe → enforce',
      );
      expect(await surfaceOf(request, id)).toMatchObject({ mode: 'lazy', naming: 'slash', argumentChecks: 'enforce' });

      await expect(form.getByLabel('Mode', { exact: true })).toHaveValue('lazy');
      await expect(form.getByLabel('Argument checks')).toHaveValue('enforce');
      await form.getByLabel('Mode', { exact: true }).selectOption('eager');
      await form.getByLabel('Tool names').selectOption('safe');
      await form.getByLabel('Argument checks').selectOption('observe');
      await form.getByRole('button', { name: 'Review the change…' }).click();
      await expect(form.getByTestId('plan-count')).toHaveText(`1 → ${TOOLS - 1} tools`);
      await expect(form.getByTestId('plan-policy')).toHaveText(' (after the tool policy, which keeps 1 tool from these sessions)');
      await form.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(async () => await surfaceOf(request, id)).toMatchObject({ mode: 'eager', naming: 'safe', argumentChecks: 'observe' });
      await expect(form.getByLabel('Mode', { exact: true })).toHaveValue('eager');

      // A value that cannot be saved is named in words, and nothing is asked.
      await form.getByLabel('Tools per search').fill('0');
      await expect(form).toContainText('Tools per search: at least 1');
      await expect(form.getByRole('button', { name: 'Review the change…' })).toHaveAttribute('aria-disabled', 'true');
    });

    test('a change saved by someone else meanwhile: a clear message, nothing saved, then both changes kept', async ({ page, request }) => {
      const id = await overCapProject(request);
      // This page has not heard of the other write yet: its live updates (a poll every 1.5 s) are
      // held back, as on a slow network. Otherwise, on a loaded machine, the poll may catch the
      // page up before the click, and there is nothing stale left to show.
      await page.route('**/api/projects/*/changes', (route) => route.abort());
      await page.goto(`/projects/${id}/settings`);
      const form = settingsForm(page);
      await form.getByLabel('Mode', { exact: true }).selectOption('lazy');
      await form.getByRole('button', { name: 'Review the change…' }).click();
      await expect(form.getByTestId('plan-fields')).toHaveText('Mode: eager → lazy');

      const before = await surfaceOf(request, id);
      expect((await request.patch(`/api/projects/${id}`, { data: { surface: { ...before, naming: 'slash' } } })).ok()).toBe(true);
      await form.getByRole('button', { name: 'Apply' }).click();
      await expect(form.getByTestId('plan-replanned')).toContainText('Someone else changed the project’s settings meanwhile; nothing was saved.');
      expect(await surfaceOf(request, id)).toMatchObject({ mode: 'eager', naming: 'slash' });
      await expect(form.getByTestId('plan-fields')).toHaveText('Mode: eager → lazy');

      await form.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('surface-change-outcome')).toContainText('Mode: eager → lazy');
      expect(await surfaceOf(request, id)).toMatchObject({ mode: 'lazy', naming: 'slash' });
    });
  });
}

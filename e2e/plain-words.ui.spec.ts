import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { editYamlCopy, putCatalog, uniqueId } from './helpers';

// The header pills and the coverage legend are read in e2e/tabs.ui.spec.ts, on the load the
// other page checks share.

/** A project at OpenAI with the three demo catalogs (49 tools): more than Cursor's 40. */
async function openaiProject(request: APIRequestContext): Promise<string> {
  const id = uniqueId('words');
  expect((await request.post('/api/projects', { data: { id, surface: { mode: 'favindex', target: 'openai' } } })).ok()).toBe(true);
  for (const server of ['github', 'gitlab', 'filesystem'] as const) await putCatalog(request, id, server);
  return id;
}

async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function targetChoices(page: Page): Promise<string[]> {
  return page
    .getByLabel('Target')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Cursor: one verdict, its own limit counted, and OpenAI not offered', async ({ page, request }) => {
      const id = await openaiProject(request);
      await page.goto(`/projects/${id}/preview?client=cursor&target=openai`);
      await expect(page.getByLabel('Target')).toHaveValue('cursor');
      expect(await targetChoices(page)).toEqual(['cursor']);
      await expect(page.getByTestId('target-fallback')).toContainText('Cursor does not talk to OpenAI, so this preview is at Cursor.');
      await settled(page);
      const eager = page.getByTestId('mode-card-eager');
      await expect(eager).toHaveAttribute('data-verdict', 'warning');
      await expect(eager.getByTestId('verdict-reason')).toHaveText(/^Cursor leaves out 9 tools\.$/);
      // The bar beside it agrees: Cursor left tools out, so no green "within the cap".
      await expect(eager.getByTestId('client-left-out')).toHaveText('Cursor left out 9');
      await expect(eager.getByText('within the cap', { exact: true })).toHaveCount(0);
      for (const card of await page.locator('[data-testid^="mode-card-"]').all()) {
        const reason = (await card.getByTestId('verdict-reason').textContent()) ?? '';
        if (/leaves out/.test(reason)) await expect(card.getByText('within the cap', { exact: true })).toHaveCount(0);
        await expect(card.getByTestId('cap-which')).not.toContainText('OpenAI');
      }
    });

    test('Claude Code is previewed at Anthropic only, and no sentence says "at OpenAI"', async ({ page, request }) => {
      const id = await openaiProject(request);
      await page.goto(`/projects/${id}/preview`);
      await settled(page);
      expect(await targetChoices(page)).toContain('openai');
      await page.getByLabel('MCP client').selectOption('claude-code');
      await expect(page.getByLabel('Target')).toHaveValue('anthropic');
      expect(await targetChoices(page)).toEqual(['anthropic']);
      await expect(page.getByTestId('target-fallback')).toContainText('Claude Code does not talk to OpenAI, so this preview is at Anthropic.');
      await settled(page);
      await expect(page.getByTestId('preview-summary')).toContainText('Anthropic: no hard cap');
      // One name per mode, and each term said where it appears.
      const favourites = page.getByTestId('mode-card-favindex');
      await expect(favourites.getByRole('heading', { name: 'Favourites first' })).toBeVisible();
      await expect(favourites.getByTestId('mode-in-use')).toHaveText('the project uses this mode');
      await expect(page.getByTestId('client-assumed')).toContainText('of Claude Code nobody has published, so assumed: open to see which');
      await expect(page.locator('main')).not.toContainText(/favindex mode|project mode|unconfirmed/);
      // The verdict on the client offers its change, which asks before it saves.
      const fit = page.getByTestId('client-fit');
      await expect(fit).toContainText('Fits this view: deferred mode.');
      await fit.getByRole('button', { name: 'Change the project to deferred mode…' }).click();
      await expect(fit.getByRole('group', { name: 'Change the project to deferred mode' })).toContainText('Nothing is saved until you apply.');
      for (const reason of await page.getByTestId('verdict-reason').allTextContents()) expect(reason).not.toMatch(/OpenAI|passes .* at /);
      // Back to no client: every provider is offered again, and the project's own target returns.
      await page.getByLabel('MCP client').selectOption('raw');
      await expect(page.getByLabel('Target')).toHaveValue('openai');
      await expect(page.getByTestId('target-fallback')).toHaveCount(0);
    });

    test('YAML: a favourite no catalog lists warns by name in the dry run', async ({ page, request }) => {
      const id = await openaiProject(request);
      const { editor, exported } = await editYamlCopy(page, id);
      await editor.fill(exported.replace('    tools: []', '    tools:\n      - github/create_issue\n      - nothere/nope'));
      await page.getByRole('button', { name: 'Preview changes' }).click();
      const plan = page.getByTestId('yaml-plan');
      await expect(plan).toContainText('1 warning');
      const warnings = plan.getByTestId('plan-warnings');
      await expect(warnings).toContainText('spec.favouriteIndex.tools[1]');
      await expect(warnings).toContainText('nothere/nope is not in the catalog');
      await expect(warnings).not.toContainText('github/create_issue');
      // A warning, not a refusal: it can be applied.
      await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
    });

    test('YAML with a misspelt key names what was meant and selects that key, not its parent', async ({ page, request }) => {
      const id = await openaiProject(request);
      const { editor, exported } = await editYamlCopy(page, id);
      const typo = exported.replace(/^spec:$/m, 'spc:');
      const line = typo.split('\n').indexOf('spc:') + 1;
      await editor.fill(typo);
      await page.getByRole('button', { name: 'Preview changes' }).click();
      const problems = page.getByRole('list', { name: 'Problems' });
      // The document is merged onto the project, so spec is not missing: the typo is the one problem, named as what was meant.
      await expect(problems.getByRole('listitem')).toHaveCount(1);
      await expect(problems.getByRole('listitem').first()).toContainText(`line ${line}:1`);
      await expect(problems.getByRole('listitem').first()).toContainText("unknown field 'spc': did you mean 'spec'?");
      // The headline names the typo, too.
      await expect(page.getByText(new RegExp(`line ${line}, column 1, spc: unknown field 'spc'`))).toBeVisible();
      await expect(editor).toBeFocused();
      expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('spc');
    });
  });
}

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { editYamlCopy, fullProject, putCatalog, uniqueId } from './helpers';

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

/** Nothing in it is cut: every element's text fits its box. */
async function expectUncut(box: Locator) {
  const cut = await box.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].filter((el) => el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the header pills say what they are, described for a screen reader and open on a tap', async ({ page, request }) => {
      const id = await openaiProject(request);
      await page.goto(`/projects/${id}`);
      const mode = page.getByTestId('pill-mode');
      await expect(mode).toHaveText('Mode: favourites first');
      await expect(page.getByTestId('pill-target')).toHaveText('Target: OpenAI');
      await expect(page.getByTestId('pill-naming')).toHaveText('Names: safe');
      await expect(mode).toHaveAccessibleDescription(/^Favourites first: clients get your favourite tools up front/);
      await expect(page.getByTestId('pill-target')).toHaveAccessibleDescription(
        /^Target: OpenAI, the provider the tool list is checked against \(at most 128 tools/,
      );
      await expect(mode).toHaveAttribute('title', /^Favourites first: /);
      // No hover on a phone: the same sentences open under the pills.
      const terms = page.getByTestId('setting-terms');
      await terms.getByText('What these mean').click();
      await expect(terms.getByText(/^Safe names: tool names use only letters/)).toBeVisible();
      await expect(terms.getByText(/^Target: OpenAI, the provider/)).toBeVisible();
    });

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
      for (const reason of await page.getByTestId('verdict-reason').allTextContents()) expect(reason).not.toMatch(/OpenAI|passes .* at /);
      // Back to no client: every provider is offered again, and the project's own target returns.
      await page.getByLabel('MCP client').selectOption('raw');
      await expect(page.getByLabel('Target')).toHaveValue('openai');
      await expect(page.getByTestId('target-fallback')).toHaveCount(0);
    });

    test('usage: the coverage legend draws each line as the chart does, and no label is cut', async ({ page, request }) => {
      const id = await fullProject(request, 'words-usage');
      await page.goto(`/projects/${id}`);
      const chart = page.getByTestId('coverage-chart');
      await expect(chart.locator('.recharts-line-curve')).toHaveCount(1);
      const drawn = async (selector: string) =>
        chart.locator(selector).evaluateAll((els) => els.map((el) => `${el.getAttribute('stroke')} ${el.getAttribute('stroke-dasharray') ?? ''}`.trim()));
      const legend = async (key: string) => {
        const line = page.getByTestId(`legend-${key}`).locator('line');
        return `${await line.getAttribute('stroke')} ${(await line.getAttribute('stroke-dasharray')) ?? ''}`.trim();
      };
      expect(await drawn('.recharts-line-curve')).toEqual([await legend('curve')]);
      expect((await drawn('.recharts-reference-line-line')).sort()).toEqual([await legend('current'), await legend('limit')].sort());
      await expect(page.getByTestId('legend-limit')).toHaveText('your favourites limit (maxFavourites 15)');
      await expectUncut(page.getByTestId('coverage-legend'));
      // The marker's own label stays inside the chart.
      const [label, svg] = await Promise.all([
        chart.locator('text', { hasText: /^limit 15$/ }).boundingBox(),
        chart.locator('svg.recharts-surface').boundingBox(),
      ]);
      expect(label && svg).toBeTruthy();
      expect(label!.x).toBeGreaterThanOrEqual(svg!.x);
      expect(label!.x + label!.width).toBeLessThanOrEqual(svg!.x + svg!.width);
      // The favourites' share is named in words, with what the numbers are.
      await expect(page.getByText('Calls to favourites', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Share of attributed calls that went to one of your 2 favourites \(the list holds up to 15\)\.$/)).toBeVisible();
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

    test('YAML with two errors leads with the typo and selects that key, not its parent', async ({ page, request }) => {
      const id = await openaiProject(request);
      const { editor, exported } = await editYamlCopy(page, id);
      const typo = exported.replace(/^spec:$/m, 'spc:');
      const line = typo.split('\n').indexOf('spc:') + 1;
      await editor.fill(typo);
      await page.getByRole('button', { name: 'Preview changes' }).click();
      const problems = page.getByRole('list', { name: 'Problems' });
      await expect(problems.getByRole('listitem')).toHaveCount(2);
      await expect(problems.getByRole('listitem').first()).toContainText(`line ${line}:1`);
      await expect(problems.getByRole('listitem').first()).toContainText("unknown field 'spc': did you mean 'spec'?");
      await expect(problems.getByRole('listitem').nth(1)).toContainText('spec is required');
      // The headline names the typo first, too.
      await expect(page.getByText(new RegExp(`line ${line}, column 1, spc: unknown field 'spc'`))).toBeVisible();
      await expect(editor).toBeFocused();
      expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('spc');
    });
  });
}

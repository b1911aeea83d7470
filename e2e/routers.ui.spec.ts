import { expect, type Page, test } from '@playwright/test';
import { DESKTOP_AND_PHONE, newProject, putCatalog } from './helpers';
import { axeViolations, expectFits } from './page-checks';

interface Suggestions {
  suggestions: { items: { router: { name: string; ops: { op: string; tool: string }[] } }[] };
  unplaced: { items: { tool: string }[] };
}

// The Routers tab end to end, at a desktop width and on a phone: apply a suggested router (a
// saved version), move an op to another router, make a tool placed nowhere a singleton with its
// reason, save, and undo, reading what a person sees on the page and what the API then holds.
for (const viewport of DESKTOP_AND_PHONE) {
  test(`Routers at ${viewport.width} px: apply a suggestion, move an op, make a singleton with its reason, save, undo`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const id = await newProject(request, 'routers');
    await putCatalog(request, id, 'github');
    // A budget under the catalog's 26 tools, which routers bring it back within.
    expect((await request.patch(`/api/projects/${id}`, { data: { surface: { toolBudget: 20 } } })).ok()).toBe(true);
    const routers = async () => (await request.get(`/api/projects/${id}/routers`)).json();
    const proposals = async (): Promise<Suggestions> => (await request.get(`/api/projects/${id}/routers/suggestions?limit=2&unplacedLimit=1`)).json();

    await page.goto(`/projects/${id}`);
    const tabs = page.getByRole('navigation', { name: 'Project sections' });
    await tabs.getByRole('link', { name: 'Routers' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}/routers$`));
    await expect(page.getByTestId('no-routers')).toBeVisible();
    const catalogTools = (await (await request.get(`/api/projects/${id}/routers/suggestions?limit=1`)).json()).catalogTools;
    await expect(page.getByTestId('routers-budget')).toContainText(`${catalogTools} / 20`);
    await expect(page.getByTestId('routers-over-budget')).toHaveText(
      `That is ${catalogTools - 20} over: fold more tools into routers, or raise the budget in Settings.`,
    );
    const notice = page.getByTestId('routers-notice');

    // Two suggested routers applied, each a version of its own.
    const [first, second] = (await proposals()).suggestions.items;
    if (!first || !second) throw new Error('the github catalog gives at least two suggestions');
    await test.step('apply two suggestions', async () => {
      await expect(page.getByTestId('router-suggestions-total')).toContainText('would fold');
      for (const [i, s] of [first, second].entries()) {
        const apply = page.getByRole('button', { name: `Apply ${s.router.name}` });
        await expect(apply).not.toHaveAttribute('aria-disabled', 'true');
        await apply.click();
        await expect(notice).toHaveText(`Applied router ${s.router.name}: saved as version ${i + 1}. Undo takes it back.`);
        await expect(page.getByRole('listitem', { name: `Router ${i + 1}: ${s.router.name}` })).toBeVisible();
      }
      // Two routers fold the tools they hold: the count presented falls by as many.
      const folded = first.router.ops.length - 1 + second.router.ops.length - 1;
      await expect(page.getByTestId('routers-budget')).toContainText(`${catalogTools - folded} / 20`);
      await expect(page.getByTestId('routers-over-budget')).toHaveCount(catalogTools - folded > 20 ? 1 : 0);
    });

    const moved = first.router.ops[0];
    if (!moved) throw new Error('a router has an op');
    await test.step('move an op to the other router', async () => {
      const from = page.getByRole('listitem', { name: `Router 1: ${first.router.name}` });
      await from.getByRole('combobox', { name: `Move ${moved.tool} to` }).selectOption({ label: second.router.name });
      await from.getByRole('button', { name: `Move ${moved.tool}`, exact: true }).click();
      await expect(notice).toHaveText(`Moved ${moved.tool} to ${second.router.name}.`);
      await expect(page.getByRole('listitem', { name: `Router 2: ${second.router.name}` }).locator(`[data-tool="${moved.tool}"]`)).toBeVisible();
      await expect(page.getByText('You have changes not saved yet.')).toBeVisible();
    });

    const [alone] = (await proposals()).unplaced.items;
    if (!alone) throw new Error('a tool is placed nowhere');
    const reason = 'Kept on its own: no sibling of its shape.';
    await test.step('make a tool placed nowhere a singleton with its reason', async () => {
      const row = page.getByTestId('unplaced-tools').getByRole('listitem', { name: alone.tool, exact: true });
      await row.getByRole('button', { name: `Make ${alone.tool} a singleton…` }).click();
      await row.getByRole('textbox', { name: `Reason ${alone.tool} is a singleton` }).fill(reason);
      await row.getByRole('button', { name: 'Make singleton', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Singletons' }).getByRole('textbox', { name: `Reason for ${alone.tool}` })).toHaveValue(reason);
      await expect(row.getByText('placed in your changes')).toBeVisible();
    });

    await test.step('axe and the page width, with every part on screen', () => checks(page, viewport.width));

    await test.step('save', async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(notice).toHaveText('Saved as version 3.');
      await expect(page.getByText('No unsaved changes.')).toBeVisible();
      const saved = await routers();
      expect(saved.version).toBe(3);
      expect(saved.routers[1].ops.map((o: { tool: string }) => o.tool)).toContain(moved.tool);
      expect(saved.routers[0].ops.map((o: { tool: string }) => o.tool)).not.toContain(moved.tool);
      expect(saved.singletons).toEqual([{ tool: alone.tool, reason }]);
      const history = page.getByTestId('routers-history-table');
      await expect(history).toContainText(`moved ${moved.tool}`);
      await expect(history).toContainText('the dashboard');
    });

    await test.step('undo', async () => {
      await page.getByRole('button', { name: 'Undo the last change' }).click();
      await expect(notice).toHaveText('Undid version 3: the routers are as they were before it, now as version 4.');
      await expect(page.getByRole('list', { name: 'Singletons' })).toHaveCount(0);
      await expect(page.getByRole('listitem', { name: `Router 1: ${first.router.name}` }).locator(`[data-tool="${moved.tool}"]`)).toBeVisible();
      const undone = await routers();
      expect(undone.version).toBe(4);
      expect(undone.singletons).toEqual([]);
      expect(undone.routers.map((r: { name: string }) => r.name)).toEqual([first.router.name, second.router.name]);
    });
  });
}

/** At a desktop width axe finds nothing serious; on a phone nothing is cut off or wider than the screen. */
async function checks(page: Page, width: number) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (width < 600) await expectFits(page);
  expect(await axeViolations(page)).toEqual([]);
}

import { expect, test } from '@playwright/test';
import { uniqueId } from './helpers';

// The password-mode server of playwright.config.ts (§auth).
const base = process.env.E2E_PASSWORD_URL!;
const password = process.env.E2E_ADMIN_PASSWORD!;

function eventBody(id: string): string {
  return `${JSON.stringify({ id, timestamp: new Date().toISOString(), tool: 'github/create_issue', sessionId: 's-1' })}\n`;
}

test('local mode says so in the header and needs no login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Local mode')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});

test('log in, create a token, see it once, revoke it, and see a request with it refused', async ({ page, request }) => {
  const id = uniqueId('auth');

  // Without a session every page leads to the login, which brings you back afterwards.
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('banner').getByText('Local mode')).toHaveCount(0);
  await expect(async () => {
    await page.getByLabel('Admin password').fill('not the password');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'wrong password' })).toBeVisible();
  await page.getByLabel('Admin password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // A project, made in the UI.
  // (Filled again until the page has hydrated and the form takes it.)
  await expect(async () => {
    await page.getByLabel('Project id').fill(id);
    await expect(page.getByRole('button', { name: 'Create project' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Create project' }).click();
  // A new project opens itself.
  await expect(page).toHaveURL(`${base}/projects/${id}`);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Tokens' }).click();
  await expect(page).toHaveURL(`${base}/projects/${id}/tokens`);
  await expect(page.getByText('No tokens yet')).toBeVisible();

  // Create a token: its secret is on screen this once.
  await expect(async () => {
    await page.getByLabel('Token name').fill('e2e proxy');
    await expect(page.getByRole('button', { name: 'Create token' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-token-secret');
  await expect(shown).toHaveText(/^fvx_[\w-]{43}$/);
  const secret = (await shown.textContent())!;
  await expect(page.getByRole('status')).toContainText('it will not be shown again');

  // A proxy (no cookies) sends an event with it; without it, it is refused.
  const events = `${base}/api/projects/${id}/events`;
  const ndjson = { 'content-type': 'application/x-ndjson' };
  const sent = await request.post(events, { headers: { ...ndjson, authorization: `Bearer ${secret}` }, data: eventBody('e1') });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  expect((await request.post(events, { headers: ndjson, data: eventBody('e2') })).status()).toBe(401);

  // Once dismissed (or after a reload) the secret is gone for good; the list shows its prefix.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = page.getByTestId('tokens-table').getByRole('row', { name: /e2e proxy/ });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('active');
  await expect(row).not.toContainText('never');
  expect(await page.content()).not.toContain(secret);

  // Revoke it, and the proxy's next request is refused.
  await row.getByRole('button', { name: 'Revoke e2e proxy' }).click();
  await row.getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(row).toContainText('revoked');
  const refused = await request.post(events, { headers: { ...ndjson, authorization: `Bearer ${secret}` }, data: eventBody('e3') });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error_code: 'UNAUTHORIZED', message: 'the bearer token has been revoked', cited_rule: '§auth' });

  // Log out: the pages lead to the login again.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await page.goto(`${base}/projects/${id}/tokens`);
  await expect(page).toHaveURL(`${base}/login?next=${encodeURIComponent(`/projects/${id}/tokens`)}`);
});

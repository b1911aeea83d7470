import { expect, test } from '@playwright/test';
import { putCatalog, uniqueId } from './helpers';

test('the Tokens tab makes a token for a proxy by default, offers the CLI scopes, and a token does what its scopes say', async ({ page, request }) => {
  const id = uniqueId('scopes');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  await putCatalog(request, id, 'github');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/projects/${id}/tokens`);
  await expect(page.getByText('No tokens yet')).toBeVisible();
  // Before a token is made, the page says its secret is shown once.
  await expect(page.getByTestId('secret-shown-once')).toContainText('Its secret is shown once, here, when it is made: copy it before you leave or reload');

  const scopes = page.getByRole('group', { name: /Scopes/ });
  const box = (scope: string) => scopes.getByRole('checkbox', { name: new RegExp(`^${scope} `) });
  // For a proxy: exactly what it needs, fixed.
  await expect(page.getByRole('radio', { name: /^a proxy/ })).toBeChecked();
  for (const scope of ['events:write', 'surface:read', 'catalog:write']) await expect(box(scope)).toBeChecked();
  for (const scope of ['usage:read', 'config:read', 'favourites:write', 'config:write']) await expect(box(scope)).not.toBeChecked();
  await expect(box('usage:read')).toBeDisabled();
  await expect(scopes).toContainText('pin, unpin, move and replace favourites');

  // A token for a script that reads suggestions and pins: no events, no surface, no catalog.
  await page.getByRole('radio', { name: /^a script/ }).check();
  await box('events:write').uncheck();
  await box('surface:read').uncheck();
  await box('catalog:write').uncheck();
  await expect(page.getByRole('button', { name: 'Create token' })).toBeDisabled();
  await box('usage:read').check();
  await box('favourites:write').check();
  await expect(async () => {
    await page.getByLabel('Token name').fill('suggest-and-pin script');
    await expect(page.getByRole('button', { name: 'Create token' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('new-token-secret').textContent())!;
  const row = page.getByTestId('tokens-table').getByRole('row', { name: /suggest-and-pin script/ });
  await expect(row).toContainText('usage:read');
  await expect(row).toContainText('favourites:write');
  await expect(row).not.toContainText('events:write');
  await expect(page.getByRole('status')).toContainText('leaving or reloading this page loses it');

  // A second token of the same name is refused, says why, and the first secret stays on screen.
  await page.getByLabel('Token name').fill('suggest-and-pin script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const refusal = page.getByRole('form', { name: 'New token' }).getByRole('alert');
  await expect(refusal).toContainText("already has a live token named 'suggest-and-pin script'; no token was made");
  await expect(refusal).toContainText('give the new token a name of its own');
  await expect(page.getByTestId('new-token-secret')).toHaveText(secret);
  await expect(page.getByTestId('tokens-table').getByRole('row', { name: /suggest-and-pin script/ })).toHaveCount(1);
  // At 390 px the refusal, the secret and the once-only words are all there to read.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const shown of [refusal, page.getByTestId('new-token-secret'), page.getByTestId('secret-shown-once')]) {
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeInViewport();
  }

  const auth = { authorization: `Bearer ${secret}` };
  expect((await request.get(`/api/projects/${id}/suggestions`, { headers: auth })).status()).toBe(200);
  expect((await request.post(`/api/projects/${id}/favourites/pin`, { headers: auth, data: { tool: 'github/create_issue' } })).status()).toBe(200);
  const refused = await request.post(`/api/projects/${id}/events`, { headers: { ...auth, 'content-type': 'application/x-ndjson' }, data: '{}' });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('lacks the scope events:write');
});

test('a proxy token without catalog:write is shown refused, on the first-run page while it waits and on the Tokens tab', async ({ page, request }) => {
  const id = uniqueId('refused');
  expect((await request.post('/api/projects', { data: { id } })).status()).toBe(201);
  const made = await request.post(`/api/projects/${id}/tokens`, { data: { name: 'old proxy', scopes: ['events:write', 'surface:read'] } });
  const { token } = await made.json();
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('first-event-status')).toContainText('Waiting for the first event…');

  // The proxy's catalog upload is refused while the page is open: the page says so by itself.
  const upload = await request.put(`/api/projects/${id}/catalog/memory`, {
    headers: { authorization: `Bearer ${token}` },
    data: { tools: [{ name: 'read_graph', inputSchema: { type: 'object' } }] },
  });
  expect(upload.status()).toBe(403);
  await expect(page.getByTestId('first-run-refused')).toContainText(
    /Token “old proxy”: refused catalog:write \d+s ago: it cannot upload the catalog; make a token for a proxy/,
  );
  expect((await (await request.get(`/api/projects/${id}/catalog`)).json()).servers).toEqual([]);

  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Tokens' }).click();
  const row = page.getByTestId('tokens-table').getByRole('row', { name: /old proxy/ });
  await expect(row.getByTestId('token-refused')).toContainText('refused catalog:write');
  await expect(row.getByTestId('token-refused')).toContainText('make a token for a proxy');
});

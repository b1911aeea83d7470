import { expect, test } from '@playwright/test';

test('the running app serves its OpenAPI description at /api/openapi.json', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/json');
  const document = await res.json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths['/api/projects/{id}/suggestions'].get['x-favindex-access']).toBe('usage:read');
  expect(document.components.schemas.ErrorEnvelope.required).toContain('error_code');
  // What it describes is what answers: an unknown route is the envelope it documents.
  const missing = await request.get('/api/no-such-route');
  expect(missing.status()).toBe(404);
  expect(Object.keys(await missing.json())).toEqual(expect.arrayContaining(document.components.schemas.ErrorEnvelope.required));
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouritesViewSchema } from '@/lib/contracts/favourites';
import { projectDocumentSchema } from '@/lib/contracts/yaml';
import { ApiClient } from './client';
import { CliError, EXIT } from './exit-codes';
import { rejectionOf } from '@/test/rejection';

/** A server that answers each path with a fixed body: what the CLI's client makes of it. */
const answers: Record<string, { type: string; body: string }> = {
  '/view': {
    type: 'application/json',
    body: JSON.stringify({
      project: 'p',
      enabled: true,
      maxFavourites: 15,
      tools: ['github/create_issue'],
      version: 3,
      updatedAt: '2026-11-29T10:00:00.000Z',
      pinned: 1,
      full: false,
      missingFromCatalog: [],
    }),
  },
  '/drifted': { type: 'application/json', body: JSON.stringify({ project: 'p', enabled: 'yes' }) },
  '/yaml': { type: 'application/yaml', body: 'apiVersion: favindex/v1\nkind: Project\nmetadata:\n  name: p\nspec:\n  favouriteIndex: {}\n  surface: {}\n' },
  '/not-a-project': { type: 'application/yaml', body: 'kind: Something\n' },
};

let server: http.Server;
let client: ApiClient;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, null, 5_000);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (run: Promise<unknown>) => rejectionOf(run, CliError);

describe('ApiClient with a contract', () => {
  it('gives the body as its contract types it, and the raw answer as unknown without one', async () => {
    const answer = await client.request('GET', '/view', { schema: favouritesViewSchema });
    expect(answer.data.version).toBe(3);
    expect(JSON.stringify(answer.data)).toBe(answers['/view']?.body);
    expect((await client.request('GET', '/view')).json).toEqual(JSON.parse(answers['/view']?.body ?? ''));
  });

  it('fails with exit 1 and says the server answered something unexpected when the body does not match', async () => {
    const err = await failure(client.request('GET', '/drifted', { schema: favouritesViewSchema }));
    expect(err.exitCode).toBe(EXIT.API_ERROR);
    expect(err.message).toMatch(/answered GET \/drifted with something unexpected: JSON that does not match what this CLI expects \(enabled: /);
    expect(err.extra.suggestedAction).toContain('different versions');
    expect((await failure(client.request('GET', '/yaml', { schema: favouritesViewSchema }))).message).toContain('no JSON body');
  });

  it('reads each document of a YAML answer with its contract', async () => {
    const answer = await client.requestDocuments('/yaml', projectDocumentSchema);
    expect(answer.documents.map((d) => d.metadata.name)).toEqual(['p']);
    expect(answer.text).toBe(answers['/yaml']?.body);
    expect((await failure(client.requestDocuments('/not-a-project', projectDocumentSchema))).message).toContain('YAML that does not match');
  });
});

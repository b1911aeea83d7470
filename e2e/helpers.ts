import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

type Catalog = { server: string; tools: { name: string; description?: string }[] };
const load = (name: string): Catalog => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'lib', 'demo', 'catalogs', `${name}.json`), 'utf8'));

export const catalogs = { github: load('github'), gitlab: load('gitlab'), filesystem: load('filesystem') } as const;

export function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
}

/** A new, empty project named from `prefix` (see uniqueId). */
export async function newProject(request: APIRequestContext, prefix: string): Promise<string> {
  const id = uniqueId(prefix);
  expect((await request.post('/api/projects', { data: { id } })).ok()).toBe(true);
  return id;
}

export async function putCatalog(request: APIRequestContext, projectId: string, server: keyof typeof catalogs) {
  const res = await request.put(`/api/projects/${projectId}/catalog/${server}`, { data: { tools: catalogs[server].tools } });
  if (!res.ok()) throw new Error(`PUT catalog ${server}: ${res.status()} ${await res.text()}`);
  return res.json();
}

export async function sendEvents(request: APIRequestContext, projectId: string, events: object[]) {
  const res = await request.post(`/api/projects/${projectId}/events`, {
    headers: { 'content-type': 'application/x-ndjson' },
    data: events.map((e) => JSON.stringify(e)).join('\n'),
  });
  if (!res.ok()) throw new Error(`POST events: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A project with something on every tab: two catalogs, a week of calls (one unresolved), two favourites and a token. */
export async function fullProject(request: APIRequestContext, prefix: string): Promise<string> {
  const id = uniqueId(prefix);
  const created = await request.post('/api/projects', { data: { id, description: 'An agent with a long description that has to wrap on a phone screen' } });
  if (!created.ok()) throw new Error(`POST project: ${created.status()}`);
  await putCatalog(request, id, 'github');
  await putCatalog(request, id, 'filesystem');
  const at = (i: number) => new Date(Date.now() - 3_600_000 - i * 60_000).toISOString();
  await sendEvents(request, id, [
    ...Array.from({ length: 5 }, (_, i) => ({ id: `a-${i}`, timestamp: at(i), tool: 'github__create_or_update_file', sessionId: 's-1' })),
    ...Array.from({ length: 3 }, (_, i) => ({ id: `b-${i}`, timestamp: at(10 + i), tool: 'filesystem/list_allowed_directories', sessionId: 's-2' })),
    ...Array.from({ length: 2 }, (_, i) => ({ id: `c-${i}`, timestamp: at(20 + i), tool: 'github/search_repositories', sessionId: 's-2' })),
    { id: 'u-1', timestamp: at(30), tool: 'jira__create_ticket_with_a_very_long_name', sessionId: 's-3' },
  ]);
  for (const tool of ['github/create_or_update_file', 'filesystem/list_allowed_directories']) {
    const pinned = await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool } });
    if (!pinned.ok()) throw new Error(`pin ${tool}: ${pinned.status()}`);
  }
  const token = await request.post(`/api/projects/${id}/tokens`, { data: { name: 'claude-code proxy on a build runner' } });
  if (!token.ok()) throw new Error(`POST token: ${token.status()}`);
  return id;
}

/** The two screens the layout specs check: a desktop and a phone held upright. */
export const DESKTOP_AND_PHONE = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

export const PROJECT_TABS = [
  '',
  '/favourites',
  '/routers',
  '/bakeoff',
  '/catalog',
  '/proxies',
  '/events',
  '/preview',
  '/tokens',
  '/policy',
  '/settings',
  '/yaml',
] as const;

/** Nothing on the page reaches past the viewport's right edge but what scrolls inside itself. */
export async function fitsWidth(page: Page) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('[class*="scroll"], table'))
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wide: past };
  });
  expect(scrollWidth, `the page scrolls sideways: ${wide.join('; ')}`).toBeLessThanOrEqual(innerWidth);
}

/** Create a project the way a new user does: on the start page, waiting for the form to take the id. */
export async function createProjectInUi(page: Page, id: string) {
  await page.goto('/');
  await expect(async () => {
    await page.getByLabel('Project id').fill(id);
    await expect(page.getByRole('button', { name: 'Create project' })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
}

/** A new project with the github catalog and `tools` pinned, in that order. */
export async function githubProjectPinning(request: APIRequestContext, prefix: string, tools: readonly string[]): Promise<string> {
  const id = await newProject(request, prefix);
  await putCatalog(request, id, 'github');
  for (const tool of tools) {
    expect((await request.post(`/api/projects/${id}/favourites/pin`, { data: { tool } })).ok()).toBe(true);
  }
  return id;
}

/** A project of `surface` with the github, gitlab and filesystem catalogs and two favourites, for the preview's views of a client. */
export async function projectWithFavourites(request: APIRequestContext, id: string, surface: Record<string, unknown>) {
  const created = await request.post('/api/projects', { data: { id, surface } });
  expect(created.ok()).toBe(true);
  for (const server of ['github', 'gitlab', 'filesystem'] as const) await putCatalog(request, id, server);
  const favourites = await request.put(`/api/projects/${id}/favourites`, {
    headers: { 'if-match': '*' },
    data: { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'filesystem/read_file'] },
  });
  expect(favourites.ok()).toBe(true);
}

/** What a proxy on a build runner reports: filesystem up, memory down after four restarts, one client. */
export function buildRunnerReport(lastError: string | null) {
  return {
    host: 'build-runner-07',
    version: '0.1.0',
    startedAt: new Date(Date.now() - 600_000).toISOString(),
    transport: 'stdio',
    state: 'running',
    surfaceRevision: 1,
    servers: [
      { name: 'filesystem', state: 'up', tools: catalogs.filesystem.tools.length, lastError: null, restarts: 0 },
      { name: 'memory', state: 'down', tools: 0, lastError: 'exited with code 1 before it listed its tools', restarts: 4 },
    ],
    clients: [{ name: 'claude-code', sessions: 2 }],
    presented: { count: 2, names: ['favourite/read_file', 'all/filesystem/read_file'] },
    spool: { events: 3, bytes: 2_048, dropped: 0 },
    lastError,
  };
}

/** The project's YAML tab with a copy of its document in the editor: the editor, and the document it was given. */
export async function editYamlCopy(page: Page, id: string): Promise<{ editor: Locator; exported: string }> {
  await page.goto(`/projects/${id}/yaml`);
  await page.getByRole('button', { name: 'Edit a copy below' }).click();
  const editor = page.getByLabel('YAML to apply');
  return { editor, exported: await editor.inputValue() };
}

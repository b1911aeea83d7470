import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

type Catalog = { server: string; tools: { name: string; description?: string }[] };
const load = (name: string): Catalog => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'lib', 'demo', 'catalogs', `${name}.json`), 'utf8'));

export const catalogs = { github: load('github'), gitlab: load('gitlab'), filesystem: load('filesystem') } as const;

export function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
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

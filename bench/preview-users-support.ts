/**
 * The dashboard's Surface page as bench/preview-users.bench.ts drives it over HTTP: the requests
 * components/preview/preview-page.tsx and use-mode-list.ts send for each thing a person does
 * (open the page, type a query, pick a client or a target, pin a tool and see the page reload),
 * with the same parameters, timed and weighed as bytes. And the project it is driven on: a
 * large catalog written straight into the database, as preview.bench.ts writes it.
 */
import type { Db } from '@/db/client';
import { pathOf } from '@/lib/api/endpoint';
import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import { defaultSurfaceConfig, type SurfaceMode, type TargetId } from '@/lib/schemas/surface-config';
import { targetForClient } from '@/lib/surface/client-targets';
import type { ClientId } from '@/lib/surface/clients';
import { CLIENT_DEFERRAL } from '@/lib/surface/deferral';
import { getCatalog } from '@/server/catalog/catalog';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';
import { largeCatalog, percentile, round } from './surface-support';

/** Rows a page of the list holds (components/preview/use-mode-list.ts ROWS_PER_PAGE). */
const ROWS_PER_PAGE = 50;
const AGENT_TOOLS = 56;

/** A project of 100 servers (a project's most) × `perServer` tools with 15 favourites (room for 5 more); returns every tool's canonical name, in catalog order. */
export async function seedProject(db: Db, projectId: string, perServer: number): Promise<string[]> {
  const catalog = largeCatalog(100, perServer);
  await createProject(db, {
    id: projectId,
    description: '',
    metaTools: [],
    retentionDays: null,
    surface: { ...defaultSurfaceConfig(), agentTools: AGENT_TOOLS },
  });
  for (const s of catalog) await putServerCatalog(db, projectId, s.server, s.tools, 'bench');
  const canonicals = catalog.flatMap((s) => s.tools.map((t) => `${s.server}/${t.name}`));
  const step = Math.floor(canonicals.length / 15);
  await writeFavourites(db, projectId, { enabled: true, maxFavourites: 20, tools: canonicals.filter((_, i) => i % step === 0).slice(0, 15) }, { via: 'api' });
  return canonicals;
}

/** The same-run baseline: reading the project's catalog from the database, as every preview of a new catalog version must; p50 of `runs`. */
export async function catalogReadMs(db: Db, projectId: string, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await getCatalog(db, projectId);
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** One answer: how long it took from the request to its last byte, and its size. */
export interface Answer {
  ms: number;
  bytes: number;
}

/** Several requests sent together, as the page sends them: the wall time until the last is in, and each one's. */
export interface Asked {
  wallMs: number;
  requests: Record<string, Answer>;
}

/** What the page's controls hold (preview-page.tsx PreviewSettings, the URL's open mode and the list's order). */
interface PageState {
  client: ClientId;
  target: TargetId;
  query: string;
  open: SurfaceMode;
}

/**
 * The Surface page of one project in one browser: its state, and the requests it sends when it
 * changes. The deferral controls stay at their defaults (deferral-controls.tsx
 * DEFAULT_DEFERRAL_CONTROLS), the limits at the project's.
 */
export class SurfacePage {
  private readonly state: PageState;
  private readonly surface = defaultSurfaceConfig();

  constructor(
    private readonly baseUrl: string,
    private readonly projectId: string,
  ) {
    this.state = { client: 'raw', target: this.surface.target, query: '', open: this.surface.mode };
  }

  /** preview-page.tsx toParams with deferralParams, as the page sends them (empty controls not sent). */
  private params(): Record<string, string | number | undefined> {
    const { client, query } = this.state;
    const uses = new Set<string>(CLIENT_DEFERRAL[client].settings);
    // Claude Code at OpenAI is not previewed: the page asks for the client's own target.
    const target = targetForClient(client, this.state.target).target;
    const limits = this.surface.limits;
    return {
      client,
      toolSearch: uses.has('toolSearch') ? 'on' : undefined,
      providerSearch: uses.has('providerSearch') ? 'none' : undefined,
      target,
      agentTools: String(AGENT_TOOLS),
      maxToolsPerRequest: limits.maxToolsPerRequest,
      maxActivatedToolsPerSession: limits.maxActivatedToolsPerSession,
      maxPinnedServers: limits.maxPinnedServers,
      retrieveK: limits.retrieveK,
      query: query === '' ? undefined : query,
    };
  }

  summaryPath(): string {
    return pathOf(SURFACE_ENDPOINTS.preview, { id: this.projectId }, { ...this.params(), mode: 'all', limit: 0 });
  }

  /** The first page of the opened mode's list, in the list's default order (use-mode-list.ts). */
  listPath(): string {
    const page = { mode: this.state.open, detail: 'full', limit: ROWS_PER_PAGE, offset: 0, sort: 'position.asc' };
    return pathOf(SURFACE_ENDPOINTS.preview, { id: this.projectId }, { ...this.params(), ...page });
  }

  /** The opened mode's whole list, which the page asks for on demand (wholeList in preview-page.tsx). */
  wholeListPath(): string {
    return pathOf(SURFACE_ENDPOINTS.preview, { id: this.projectId }, { ...this.params(), mode: this.state.open, detail: 'full' });
  }

  /** Every mode's whole list in one answer: what the page asked for before #48's pages. */
  everyListPath(): string {
    return pathOf(SURFACE_ENDPOINTS.preview, { id: this.projectId }, { ...this.params(), mode: 'all', detail: 'full' });
  }

  /** The page opened on a link to the configured mode's list: the project first, then what the workbench asks for. */
  async open(): Promise<Asked> {
    const t0 = performance.now();
    const project = await this.get(pathOf(PROJECT_ENDPOINTS.read, { id: this.projectId }));
    const rest = await this.together(this.pageRequests());
    return { wallMs: round(performance.now() - t0), requests: { project, ...rest.requests } };
  }

  /** A query typed and settled: the summary and the opened list, sent together. */
  ask(query: string): Promise<Asked> {
    this.state.query = query;
    return this.together(this.previewRequests());
  }

  /** Another client picked. */
  pickClient(client: ClientId): Promise<Asked> {
    this.state.client = client;
    return this.together(this.previewRequests());
  }

  pickTarget(target: TargetId): Promise<Asked> {
    this.state.target = target;
    return this.together(this.previewRequests());
  }

  /** The summary and the opened list again, unchanged: the same answers the server has kept. */
  repeat(): Promise<Asked> {
    return this.together(this.previewRequests());
  }

  /** A tool pinned from the dashboard (use-favourite-mutation.ts). */
  async pin(tool: string): Promise<Answer> {
    const t0 = performance.now();
    const res = await fetch(this.baseUrl + pathOf(FAVOURITE_ENDPOINTS.pin, { id: this.projectId }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-favindex-via': 'ui' },
      body: JSON.stringify({ tool }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`pin answered ${res.status}`);
    return { ms: round(performance.now() - t0), bytes };
  }

  /** What a write to the project refetches on this page (the queries under ['project', id] on screen). */
  reload(): Promise<Asked> {
    return this.together({ project: pathOf(PROJECT_ENDPOINTS.read, { id: this.projectId }), ...this.pageRequests() });
  }

  private previewRequests(): Record<string, string> {
    return { summary: this.summaryPath(), list: this.listPath() };
  }

  /** The workbench's queries: the identity picker's tokens, the session replay's sessions, the preview. */
  private pageRequests(): Record<string, string> {
    return {
      ...this.previewRequests(),
      tokens: pathOf(TOKEN_ENDPOINTS.list, { id: this.projectId }),
      sessions: pathOf(SURFACE_ENDPOINTS.sessions, { id: this.projectId }, { limit: 50 }),
    };
  }

  private async together(paths: Record<string, string>): Promise<Asked> {
    const t0 = performance.now();
    const answers = await Promise.all(Object.entries(paths).map(async ([name, p]) => [name, await this.get(p)] as const));
    return { wallMs: round(performance.now() - t0), requests: Object.fromEntries(answers) };
  }

  async get(path: string): Promise<Answer> {
    const t0 = performance.now();
    const res = await fetch(this.baseUrl + path, { headers: { accept: 'application/json' } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return { ms: round(performance.now() - t0), bytes };
  }
}

/** Queries a person might type, each asked once. */
export const QUERIES = [
  'create a pull request for a branch',
  'list the open issues assigned to me',
  'send a message to the team channel',
  'read a file from the repository',
  'run a query against the database',
  'restart the failing deployment',
];

/** Wall times of several questions: p50 and the worst. */
export function spread(asked: readonly Asked[]): { p50Ms: number; maxMs: number; eachMs: number[] } {
  const walls = asked.map((a) => a.wallMs);
  const sorted = [...walls].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 0.5), maxMs: round(sorted.at(-1) ?? Number.NaN), eachMs: walls };
}

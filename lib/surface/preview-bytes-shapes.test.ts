import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { PreviewTool } from '@/lib/contracts/preview';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from './prepared-catalog';
import { previewResponseBytes } from './preview-bytes';
import { buildPreviewResponse } from './preview-response';

// The encoder writes a preview tool's head (name, presented, canonical, source) and its level
// (visibility, why, cut) straight, and anything else as JSON.stringify does: every shape below
// must come out byte for byte as JSON.stringify writes it.
const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const body = { description: 'Reads "a" file \\ \u2028 🙂', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } };
const why = 'Claude Code defers every MCP tool: its name in <available-deferred-tools>';

const SHAPES: Record<string, unknown>[] = [
  { name: 'a', canonical: 's/a', source: 'typed', ...body },
  { name: 'mcp__k__a', presented: 'a', canonical: 's/a', source: 'all', ...body },
  { name: 'a', canonical: null, source: 'meta', ...body },
  { name: 'a"\n', presented: 'a/\u0000', canonical: 's/"a"', source: 'favourite', ...body },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name', why },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'full', why, cut: true },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'hidden', why: `${why} "quoted"`, cut: true },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ kind: 'renamed', message: 'x' }], visibility: 'name', why },
  {
    name: 'a',
    canonical: 's/a',
    source: 'typed',
    ...body,
    marks: [
      { kind: 'unknown', message: 'say "x"\n' },
      { kind: 'renamed', message: 'y' },
    ],
  },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [], visibility: 'full', why, cut: true },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ message: 'x', kind: 'renamed' }], visibility: 'name', why },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ kind: 'renamed', message: 'x', extra: 1 }], visibility: 'name', why },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ kind: 'renamed', message: 1 }] },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [null, 'x', [1]] },
  // biome-ignore lint/suspicious/noSparseArray: a hole, which JSON.stringify writes as null.
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ kind: 'renamed', message: 'x' }, , { kind: 'renamed', message: 'x' }] },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: { kind: 'renamed', message: 'x' }, visibility: 'name', why },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, marks: [{ kind: 'renamed', message: 'x' }], extra: 1 },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name' },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, why, visibility: 'name' },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name', why, cut: false },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name', why, extra: 1 },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name', why: 7 },
  { canonical: 's/a', name: 'a', source: 'typed', ...body },
  { name: 'a', source: 'typed', canonical: 's/a', ...body },
  { name: 'a', presented: 7, canonical: 's/a', source: 'typed', ...body },
  { name: 'a', canonical: undefined, source: 'typed', ...body },
  { name: 'a', canonical: 's/a', source: 'typed', ...body, visibility: 'name', why, cut: undefined },
  { name: 1, canonical: 's/a', source: 'typed', ...body },
  { extra: true, name: 'a', canonical: 's/a', source: 'typed', ...body },
  { name: 'a', canonical: 's/a', extra: 1, ...body, source: 'typed' },
  { name: 'a', presented: 'b', extra: 1, ...body, canonical: 's/a', source: 'typed' },
];

describe('preview tools of every shape as bytes', () => {
  it('are written as JSON.stringify writes them, twice over (the second time from the kept parts)', () => {
    const response = structuredClone(
      buildPreviewResponse(
        {
          project: 'shapes',
          surface: defaultSurfaceConfig(),
          favourites: { enabled: false, maxFavourites: 15, tools: [] },
          routers: emptyRoutersConfig(),
          catalog,
          recorded: null,
          proxies: null,
          policy: { identity: { token: null, client: null }, hidden: [] },
        },
        previewQuerySchema.parse({ mode: 'eager' }),
      ),
    );
    const [mode] = response.modes;
    if (!mode) throw new Error('no mode');
    mode.tools = SHAPES as unknown as PreviewTool[];
    const want = Buffer.from(JSON.stringify(response));
    expect(previewResponseBytes(response).toString()).toBe(want.toString());
    expect(previewResponseBytes(response).equals(want)).toBe(true);
  });
});

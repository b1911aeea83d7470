import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from './prepared-catalog';
import { previewResponseBytes } from './preview-bytes';
import { buildPreviewResponse, type PreviewSources } from './preview-response';

// The demo catalogs, plus a server whose texts JSON must escape: quotes, backslashes, control and non-ASCII characters.
const odd = {
  name: 'odd',
  tools: [
    {
      name: 'quote_tool',
      description: 'Says "hi" \\ then\nnew line, tab\t, nul \u0000 and ’curly’ ünïcödé 🙂',
      inputSchema: { type: 'object', properties: { 'a"b': { type: 'string', description: '\u2028' } } },
    },
    { name: 'empty_schema', description: '', inputSchema: { type: 'object' } },
    { name: 'tools_marker', description: '"tools":[]} "modes":[]}', inputSchema: { type: 'object', properties: { tools: { type: 'array' } } } },
  ],
};
const catalog = prepareCatalog([...DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })), odd]);

function sources(): PreviewSources {
  return {
    project: 'bytes',
    surface: { ...defaultSurfaceConfig(), agentTools: 3 },
    favourites: { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'odd/quote_tool', 'gitlab/not_there'] },
    routers: emptyRoutersConfig(),
    catalog,
    recorded: null,
    proxies: null,
    policy: { identity: { token: null, client: null }, hidden: [] },
  };
}

const QUERIES: Record<string, string>[] = [
  {},
  { client: 'claude-code' },
  { client: 'claude-code', naming: 'slash', toolSearch: 'auto' },
  { client: 'codex', naming: 'slash' },
  { client: 'codex', target: 'anthropic' },
  { client: 'cursor', mode: 'favindex' },
  { client: 'vscode-copilot', naming: 'slash', detail: 'names' },
  { client: 'copilot-cli', activated: 'github/create_issue,odd/quote_tool', query: 'open an issue' },
  { client: 'gemini-cli', target: 'gemini', protocol: '2026-07-28' },
  { client: 'claude-desktop', mode: 'eager', agentTools: 'Read,Write' },
  { target: 'custom', cap: '5', mode: 'retrieve', query: 'read a file' },
];

describe('the preview answer as bytes', () => {
  it.each(QUERIES)('is byte for byte JSON.stringify of the answer: %o', (params) => {
    const response = buildPreviewResponse(sources(), previewQuerySchema.parse(params));
    const bytes = previewResponseBytes(response);
    expect(bytes.equals(Buffer.from(JSON.stringify(response)))).toBe(true);
    // And again: the second answer comes from the encoded descriptions and schemas.
    expect(previewResponseBytes(response).equals(bytes)).toBe(true);
  });

  it('shows a tool’s new description after the catalog changes, not the one encoded before', () => {
    const query = previewQuerySchema.parse({ client: 'claude-code', mode: 'eager' });
    const before = JSON.parse(previewResponseBytes(buildPreviewResponse(sources(), query)).toString());
    expect(before.modes[0].tools.find((t: { canonical: string }) => t.canonical === 'odd/empty_schema').description).toBe('');
    const changed = prepareCatalog([
      ...catalog.servers.slice(0, -1),
      {
        name: 'odd',
        tools: [
          ...odd.tools.slice(0, 1),
          { name: 'empty_schema', description: 'Now described', inputSchema: { type: 'object' } },
          { name: 'brand_new', description: 'Added', inputSchema: { type: 'object' } },
        ],
      },
    ]);
    const after = buildPreviewResponse({ ...sources(), catalog: changed }, query);
    const body = previewResponseBytes(after);
    expect(body.equals(Buffer.from(JSON.stringify(after)))).toBe(true);
    const tools = JSON.parse(body.toString()).modes[0].tools as { canonical: string; description: string }[];
    expect(tools.find((t) => t.canonical === 'odd/empty_schema')?.description).toBe('Now described');
    expect(tools.find((t) => t.canonical === 'odd/brand_new')?.description).toBe('Added');
  });

  it('falls back to JSON.stringify for a tool it does not know the shape of', () => {
    const response = structuredClone(buildPreviewResponse(sources(), previewQuerySchema.parse({ mode: 'eager' })));
    const tool = response.modes[0]!.tools.at(-1)!;
    Object.assign(tool, { extra: { nested: [1, '2'] } });
    expect(previewResponseBytes(response).equals(Buffer.from(JSON.stringify(response)))).toBe(true);
  });
});

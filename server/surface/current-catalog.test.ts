import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

const t = setupTestDatabase();

type Tool = { canonical: string | null; description?: string };
const eagerTools = (body: { modes: { mode: string; tools: Tool[] }[] }) => body.modes.find((m) => m.mode === 'eager')!.tools;

describe('the catalog a preview reads', () => {
  it('is the one loaded before while its fingerprints hold, and the new one as soon as a server has a new version', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    const first = await t.app.catalogs.currentCatalog(t.db, id);
    expect(first.map((s) => s.name)).toEqual(['github', 'gitlab']);
    // Unchanged: the same tools, not read again.
    expect(await t.app.catalogs.currentCatalog(t.db, id)).toBe(first);

    const url = `/api/projects/${id}/preview?client=claude-code&mode=eager`;
    const before = await api.get(url);
    expect(before.status).toBe(200);
    expect(eagerTools(before.body).some((tool) => tool.canonical === 'github/brand_new_tool')).toBe(false);
    // Other clients and namings of the same catalog, each answered in full.
    for (const query of ['client=codex&naming=slash', 'client=cursor', 'client=raw&detail=names']) {
      const other = await api.get(`/api/projects/${id}/preview?${query}&mode=eager`);
      expect(other.status).toBe(200);
      expect(eagerTools(other.body).filter((tool) => tool.canonical !== null)).toHaveLength(first[0]!.tools.length + first[1]!.tools.length);
    }

    const [tool, ...rest] = fixtureCatalog('github').tools;
    const put = await api.put(`/api/projects/${id}/catalog/github`, {
      json: {
        tools: [
          { ...tool!, description: 'Described anew' },
          ...rest,
          { name: 'brand_new_tool', description: 'A tool just added', inputSchema: { type: 'object' } },
        ],
      },
    });
    expect(put.status).toBeLessThan(300);
    const after = await api.get(url);
    const tools = eagerTools(after.body);
    expect(tools.find((t) => t.canonical === `github/${tool!.name}`)?.description).toBe('Described anew');
    expect(tools.find((t) => t.canonical === 'github/brand_new_tool')?.description).toBe('A tool just added');
    expect(after.body.catalog).toEqual({ servers: 2, tools: before.body.catalog.tools + 1 });
    expect(await t.app.catalogs.currentCatalog(t.db, id)).not.toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { seedDemo } from './seed';

const t = setupTestDatabase();

describe('the demo project', () => {
  it('names its tools safely: every client and OpenAI take its favindex list, and its traces resolve', async () => {
    const seeded = await seedDemo(t.app, { projectId: 'demo-safe', days: 2 });
    expect(seeded.created).toBe(true);
    const project = (await api.get('/api/projects/demo-safe')).body;
    expect(project.surface).toMatchObject({ mode: 'favindex', target: 'openai', naming: 'safe', serverKey: 'favindex' });
    for (const client of ['raw', 'claude-code', 'claude-desktop', 'codex', 'vscode-copilot', 'copilot-cli']) {
      const preview = await api.get(`/api/projects/demo-safe/preview?mode=favindex&detail=names&client=${client}`);
      expect(preview.body.modes[0], client).toMatchObject({ refused: { client: 0, provider: 0 }, requestRefused: null });
    }
    const surface = await api.get('/api/projects/demo-safe/surface');
    expect(Object.keys(surface.body.names).every((name) => /^(fav|all)_[A-Za-z0-9_-]+$/.test(name))).toBe(true);
    expect(surface.body.instruction).toContain('Prefer the fav_ tools');
    // The traces name tools as the proxy presents them (fav_…, all_…) and as Claude Code does (mcp__favindex__…): all resolve.
    const events = await api.get('/api/projects/demo-safe/events?limit=500');
    const safe = events.body.events.filter((e: { tool: string }) => /^(mcp__favindex__)?(fav|all)_/.test(e.tool));
    expect(safe.some((e: { tool: string }) => e.tool.startsWith('mcp__favindex__fav_'))).toBe(true);
    expect(safe.filter((e: { kind: string }) => e.kind !== 'tool')).toEqual([]);
  });
});

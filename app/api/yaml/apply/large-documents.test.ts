import { MAX_YAML_KEYS_PER_DOCUMENT } from '@/lib/limits';
import { describe, expect, it } from 'vitest';
import { api, expectEnvelope, type ApiResponse } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { HELD_UP_MS } from '@/test/surface-poll-latency';

setupTestDatabase();

const YAML = { 'content-type': 'application/yaml' };

/**
 * While `slow` runs, ask for the session view again and again (it needs nothing but turns of
 * the event loop), and return the longest any of them waited.
 */
async function longestWaitDuring<T>(slow: Promise<T>): Promise<{ result: T; longestMs: number }> {
  let done = false;
  const finished = slow.finally(() => {
    done = true;
  });
  let longestMs = 0;
  while (!done) {
    const started = performance.now();
    expect((await api.get('/api/auth/session')).status).toBe(200);
    longestMs = Math.max(longestMs, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { result: await finished, longestMs };
}

function project(name: string, apiVersion = 'favindex/v1'): string {
  const tools = Array.from({ length: 8 }, (_, i) => `      - server/tool_${i}_with_a_fairly_long_name`).join('\n');
  return `apiVersion: ${apiVersion}\nkind: Project\nmetadata:\n  name: ${name}\nspec:\n  favouriteIndex:\n    tools:\n${tools}\n  surface:\n    agentTools: 12\n`;
}

// The one timing check of the suite (§yaml): parsing runs in steps, so other requests go on.
// HELD_UP_MS is far above what a step takes; before, they waited the whole parse (seconds).
describe('YAML apply of large documents', () => {
  it('refuses a mapping of 32,000 keys at once, and other requests are answered meanwhile', async () => {
    const huge = `${Array.from({ length: 32_000 }, (_, i) => `k${i}: ${i}`).join('\n')}\n`;
    expect(huge.length).toBeGreaterThan(400_000);
    const { result, longestMs } = await longestWaitDuring(api.post('/api/yaml/apply?dryRun=true', { body: huge, headers: YAML }));
    expectEnvelope(result, 400, 'YAML_MALFORMED');
    expect(result.body.message).toMatch(`more than ${MAX_YAML_KEYS_PER_DOCUMENT} keys in one document`);
    expect(longestMs).toBeLessThan(HELD_UP_MS);
  });

  it('parses 1,000 documents (about 400 KB) in steps, answering other requests meanwhile', async () => {
    const docs = Array.from({ length: 1_000 }, (_, i) => project(`large-${i}`, i === 999 ? 'favindex/v0' : 'favindex/v1'));
    const text = docs.join('---\n');
    expect(text.length).toBeGreaterThan(300_000);
    const { result, longestMs } = await longestWaitDuring<ApiResponse>(api.post('/api/yaml/apply?dryRun=true', { body: text, headers: YAML }));
    // Every document was read: the refusal names the last one.
    expectEnvelope(result, 422, 'YAML_INVALID');
    expect(result.body.details[0]).toMatchObject({ document: 1_000, path: 'apiVersion' });
    expect(longestMs).toBeLessThan(HELD_UP_MS);
  });
});

import { afterAll, beforeAll } from 'vitest';

/**
 * Let live catalog syncs reach loopback for every test of the file (FAVINDEX_SYNC_ALLOW_PRIVATE):
 * the test MCP servers listen there, and a sync refuses private addresses by default (§catalog).
 */
export function allowLoopbackSync(): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.FAVINDEX_SYNC_ALLOW_PRIVATE;
    process.env.FAVINDEX_SYNC_ALLOW_PRIVATE = '1';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.FAVINDEX_SYNC_ALLOW_PRIVATE;
    else process.env.FAVINDEX_SYNC_ALLOW_PRIVATE = before;
  });
}

/** Run with private sync targets refused (the default), whatever the file allows. */
export async function withPrivateSyncRefused<T>(run: () => Promise<T>): Promise<T> {
  const before = process.env.FAVINDEX_SYNC_ALLOW_PRIVATE;
  delete process.env.FAVINDEX_SYNC_ALLOW_PRIVATE;
  try {
    return await run();
  } finally {
    if (before !== undefined) process.env.FAVINDEX_SYNC_ALLOW_PRIVATE = before;
  }
}

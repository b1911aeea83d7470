import { describe, expect, it } from 'vitest';
import { SERVERS_META_KEY, serversNotUp, type TellOnce, tellerFor, Wakeups, waitToList } from './start-wait';

/** What a session was told, as `level text`, each key once (as tellerFor does for a real Server). */
function recorder(): { tell: TellOnce; said: string[] } {
  const said: string[] = [];
  const server = {
    sendLoggingMessage: async (m: { level: string; data: unknown }) => {
      said.push(`${m.level} ${String(m.data)}`);
    },
  };
  return { tell: tellerFor(server, new Set()), said };
}

describe('Wakeups', () => {
  it('answers at once when ready, at the wake that makes it ready, and false at its bound or on abort', async () => {
    const wakeups = new Wakeups();
    let ready = false;
    expect(await wakeups.until(() => true, 0)).toBe(true);
    const woken = wakeups.until(() => ready, 60_000);
    // A wake while still not ready leaves it waiting.
    wakeups.wake();
    ready = true;
    wakeups.wake();
    expect(await woken).toBe(true);
    expect(await wakeups.until(() => false, 20)).toBe(false);
    const cancel = new AbortController();
    const cancelled = wakeups.until(() => false, 60_000, cancel.signal);
    cancel.abort();
    expect(await cancelled).toBe(false);
  });
});

describe('waitToList', () => {
  it('tells the client it waits and for what, then nothing more when everything came in time', async () => {
    const wakeups = new Wakeups();
    let missing = ['MCP server(s) still starting: everything'];
    const { tell, said } = recorder();
    const listed = waitToList(
      'tools/list',
      () => missing,
      (ready) => wakeups.until(ready, 60_000),
      tell,
      () => 30,
    );
    missing = [];
    wakeups.wake();
    expect(await listed).toEqual([]);
    expect(said).toEqual(['info tools/list waits up to 30 s for MCP server(s) still starting: everything']);
  });

  it('at its bound answers with what is missing, says what the list lacks, and says each thing once per session', async () => {
    const missing = () => ['MCP server(s) still starting: slow'];
    const { tell, said } = recorder();
    const bounded = (ready: () => boolean) => new Wakeups().until(ready, 10);
    expect(await waitToList('prompts/list', missing, bounded, tell, () => 1)).toEqual(missing());
    expect(await waitToList('prompts/list', missing, bounded, tell, () => 0)).toEqual(missing());
    expect(said).toEqual([
      'info prompts/list waits up to 1 s for MCP server(s) still starting: slow',
      'warning prompts/list answered before everything was ready (MCP server(s) still starting: slow); what is missing follows with list_changed',
    ]);
  });

  it('says nothing and waits for nothing when nothing is missing', async () => {
    const { tell, said } = recorder();
    const never = () => Promise.reject(new Error('must not wait'));
    expect(
      await waitToList(
        'tools/list',
        () => [],
        never,
        tell,
        () => 30,
      ),
    ).toEqual([]);
    expect(said).toEqual([]);
  });
});

describe('serversNotUp', () => {
  const server = (name: string, status: string | null) => ({ name, status: () => status });

  it("puts each server that is not up, in words, in the answer's _meta, and says a failed one once", () => {
    const { tell, said } = recorder();
    const servers = [server('memory', null), server('everything', 'starting'), server('broken', 'failed: the server exited: no config')];
    const answer = serversNotUp(servers, tell);
    expect(answer._meta?.[SERVERS_META_KEY]).toEqual({ everything: 'starting', broken: 'failed: the server exited: no config' });
    serversNotUp(servers, tell);
    expect(said).toEqual(["warning MCP server 'broken' failed: the server exited: no config; what it offers is missing from the lists until it is up"]);
  });

  it('adds no _meta when every server is up', () => {
    expect(serversNotUp([server('memory', null)])).toEqual({});
  });
});

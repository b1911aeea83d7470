import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, describe, expect, it } from 'vitest';
import { TRACE_FIELD_LIMITS } from '@/lib/limits';
import { freePort } from '@/test/mcp-server';
import { eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT, stdioClient, type TestClient } from './harness';

/**
 * Issue #20, items 1 and 2, end to end: the built proxy with its state folder on a 256 KiB
 * tmpfs (a disk that fills up), and traces of several MiB against the built favindex. The
 * upstream counts what it executed, so a call that ran and was answered as failed shows.
 */
const favindex = favindexForFile('favindex-spool-hardening-');
const clients: TestClient[] = [];
const mounts: string[] = [];
const COUNTER = path.join(ROOT, 'test', 'proxy', 'counting-server.mjs');

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  for (const dir of mounts) execFileSync('umount', ['-l', dir]);
});

/** A servers file with only the counting upstream, logging its executions to `<dir>/ran.log`. */
function counterOnly(dir: string): { config: string; ran: () => number } {
  const log = path.join(dir, 'ran.log');
  const config = path.join(dir, 'servers.json');
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { counter: { command: process.execPath, args: [COUNTER, log] } } }));
  return { config, ran: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) };
}

/** The presented name of the counter's `run`, once the proxy lists it. */
async function runTool(client: TestClient): Promise<string> {
  return eventually(async () => {
    const found = (await client.client.listTools()).tools.find((t) => t.description === 'run (counter)');
    if (!found) throw new Error('the counter is not listed yet');
    return found.name;
  }, 30_000);
}

const text = (result: CallToolResult) => (result.content[0]?.type === 'text' ? result.content[0].text : '');

describe('a full spool disk never fails a call that ran', () => {
  it('answers every call with the upstream’s result on a disk that fills up, says once that traces are lost, and spools again when there is room', async (ctx) => {
    const { dir } = proxyFolder(favindex.work, 'full-disk');
    const stateDir = path.join(dir, 'tmpfs');
    fs.mkdirSync(stateDir);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', stateDir], { stdio: 'pipe' });
    } catch (err) {
      // Only root (or a user namespace) may mount; the unit tests of the spool fake the full disk instead.
      ctx.skip(`cannot mount a 256 KiB tmpfs as a full disk here (${(err as Error).message.trim()}): run as root`);
    }
    mounts.push(stateDir);
    const { config, ran } = counterOnly(dir);
    // favindex cannot be reached: every trace stays in the spool, which the disk cannot hold.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const proxy = await stdioClient(proxyArgs({ url: nowhere, project: 'full-disk', token: 'unused', config, stateDir, extra: ['--start-wait', '0'] }));
    clients.push(proxy);
    const name = await runTool(proxy);

    const CALLS = 1_200;
    const answers: string[] = [];
    for (let i = 0; i < CALLS; i += 20) {
      const batch = Array.from({ length: Math.min(20, CALLS - i) }, (_, j) =>
        proxy.client.callTool({ name, arguments: { n: i + j } }).then(
          (r) => (r.isError ? `tool error: ${text(r as CallToolResult)}` : text(r as CallToolResult)),
          (err: Error) => `failed: ${err.message}`,
        ),
      );
      answers.push(...(await Promise.all(batch)));
    }
    const failed = answers.filter((a) => !a.startsWith('ran '));
    console.log(`full disk: ${failed.length} of ${CALLS} calls failed, the upstream ran ${ran()}; e.g. ${failed[0] ?? 'none'}`);
    expect(failed).toEqual([]);
    expect(answers).toEqual(Array.from({ length: CALLS }, (_, i) => `ran ${i}`));
    expect(ran()).toBe(CALLS);
    const said = proxy.stderr().match(/cannot write traces to .*/g) ?? [];
    expect(said).toEqual([expect.stringContaining('disk full (ENOSPC). Calls go on')]);

    // Room again (favindex took the backlog, or someone cleaned up): the next trace is spooled, no restart.
    const spool = path.join(stateDir, 'spool');
    // What filled the disk is sealed within sealAfterMs of its first trace: on a quick machine the
    // 1,200 calls end before that, with the full segment still open and nothing ready to remove.
    const ready = () => fs.readdirSync(spool).filter((f) => f.endsWith('.ready'));
    await eventually(async () => expect(ready()).not.toEqual([]));
    for (const f of ready()) fs.rmSync(path.join(spool, f));
    expect(text((await proxy.client.callTool({ name, arguments: { n: 'after' } })) as CallToolResult)).toBe('ran after');
    await eventually(async () => expect(proxy.stderr()).toMatch(/traces are written to .* again; \d+ were lost while it failed \(disk full \(ENOSPC\)\)/));
  });
});

describe('one oversized trace never stops delivery', () => {
  interface Listed {
    tool: string;
    client: string | null;
    errorCode: string | null;
  }
  const events = async (id: string) => (await favindex.api('GET', `/api/projects/${id}/events?limit=100`)).body.events as Listed[];

  it('cuts a client name and a tool name of several MiB to what favindex takes, and the calls after them arrive', async () => {
    const id = 'giant-trace';
    const token = await projectWithToken(favindex.api, id);
    const { dir, stateDir } = proxyFolder(favindex.work, 'giant-trace');
    const { config } = counterOnly(dir);
    const giantClient = 'c'.repeat(3 << 20);
    const proxy = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config, stateDir }), giantClient);
    clients.push(proxy);
    const name = await runTool(proxy);

    const unknown = await proxy.client.callTool({ name: 't'.repeat(3 << 20), arguments: {} }).catch((err: Error) => err);
    expect(unknown).toBeInstanceOf(Error);
    for (let n = 0; n < 3; n++) expect(text((await proxy.client.callTool({ name, arguments: { n } })) as CallToolResult)).toBe(`ran ${n}`);

    const stored = await eventually(async () => {
      const list = await events(id);
      expect(list).toHaveLength(4);
      return list;
    });
    const giant = stored.find((e) => e.errorCode === 'unknown_tool');
    expect(giant?.tool).toMatch(/^t+…#[0-9a-f]{12}$/);
    expect(giant?.tool.length).toBe(TRACE_FIELD_LIMITS.tool);
    for (const e of stored) expect(e.client).toMatch(/^c+…#[0-9a-f]{12}$/);
    expect(stored.filter((e) => e.tool.endsWith('run'))).toHaveLength(3);
    console.log(`giant trace from a client: ${stored.length - 1} of 3 later traces arrived`);
  });

  it('sends the giant segment an older proxy left in the spool (12 MB, which favindex refuses whole), and the traces behind it', async () => {
    const id = 'giant-segment';
    const token = await projectWithToken(favindex.api, id);
    const { dir, stateDir } = proxyFolder(favindex.work, 'giant-segment');
    const { config } = counterOnly(dir);
    // As the proxy of issue #20 spooled it: a 4 MiB tool name and a 4 MiB client name, thrice.
    fs.mkdirSync(path.join(stateDir, 'spool'), { recursive: true });
    const at = new Date().toISOString();
    const old = (i: number) => ({
      id: `old-${i}`,
      type: 'tool_call_trace',
      timestamp: at,
      tool: `${i}`.repeat(4 << 20),
      client: 'c'.repeat(4 << 20),
      status: 'ok',
    });
    const lines = [old(1), old(2), old(3)].map((e) => JSON.stringify(e)).join('\n');
    fs.writeFileSync(path.join(stateDir, 'spool', '000000000000001-1-000000.ready'), `${lines}\n`);
    expect(fs.statSync(path.join(stateDir, 'spool', '000000000000001-1-000000.ready')).size).toBeGreaterThan(10 << 20);

    const proxy = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config, stateDir }), 'claude-code');
    clients.push(proxy);
    const name = await runTool(proxy);
    for (let n = 0; n < 3; n++) await proxy.client.callTool({ name, arguments: { n } });

    const stored = await eventually(async () => {
      const list = await events(id);
      expect(list).toHaveLength(6);
      return list;
    });
    expect(stored.filter((e) => e.client === 'claude-code')).toHaveLength(3);
    expect(stored.filter((e) => e.tool.length === TRACE_FIELD_LIMITS.tool && e.tool.includes('…#'))).toHaveLength(3);
    // A status, not the digits inside a port such as 127.0.0.1:41369.
    expect(proxy.stderr()).not.toMatch(/\b413\b/);
    console.log(`giant segment left by an older proxy: ${stored.length - 3} of 3 old and 3 of 3 later traces arrived`);
  });
});

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '@/test/child-process';
import { freePort } from '@/test/mcp-server';
import { bearerForwarder } from './bearer-forwarder';
import { eventually, httpSecret, proxyArgs, ROOT } from './harness';
import { node22 } from './node22';

/**
 * The server scenarios of the official MCP conformance suite (@modelcontextprotocol/conformance,
 * run on the Node 22 it needs, see node22.ts) against `favindex proxy --listen`, in front
 * of test/proxy/conformance-server.mjs: the suite ships no reference server, so that one offers
 * the prompts, resources and templates the scenarios ask for by name. No favindex runs behind the
 * proxy (its --url answers nothing): the proxy then presents favindex's defaults, and these
 * scenarios are about the protocol, not the surface. The suite runs once (one process, every
 * active scenario); each scenario's checks are then read from its results folder. Its client
 * takes no headers, so it calls through bearerForwarder, which adds the proxy's secret.
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'logging-set-level',
  'completion-complete',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
];

/**
 * Scenarios that call a tool by its name on the server (`test_simple_text`, …): the proxy presents
 * it under the surface's name (`all_conformance_test_simple_text` with favindex's defaults), so
 * the call is refused as an unknown tool. server-sse-polling (`test_reconnection`) is one too; the
 * suite's active set does not run it.
 */
const RENAMED = [
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'elicitation-sep1330-enums',
];

const SUITE = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const run = promisify(execFile);

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

let work: string;
let proxy: ChildProcess;
let url: string;
let forwarder: Awaited<ReturnType<typeof bearerForwarder>> | undefined;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-conformance-test-'));
  const config = path.join(work, 'servers.json');
  fs.writeFileSync(
    config,
    JSON.stringify({ mcpServers: { conformance: { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'conformance-server.mjs')] } } }),
  );
  const port = await freePort();
  const args = proxyArgs({
    url: `http://127.0.0.1:${await freePort()}`,
    project: 'conformance',
    token: 'unused',
    config,
    stateDir: path.join(work, 'state'),
    extra: ['--listen', `127.0.0.1:${port}`],
  });
  proxy = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proxy.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await eventually(async () => expect(stderr).toContain('listening on'));
  forwarder = await bearerForwarder(`http://127.0.0.1:${port}/mcp`, httpSecret(path.join(work, 'state')));
  url = forwarder.url;
});

afterAll(async () => {
  await forwarder?.close();
  if (proxy) await stopChild(proxy);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

let results: string;

/** The checks of one scenario, from the folder the suite saved them in (`server-<scenario>-<time>`). */
function checksOf(name: string): Check[] {
  const folder = fs.readdirSync(results).find((f) => f.startsWith(`server-${name}-`));
  if (!folder) throw new Error(`the suite saved no results for ${name}`);
  return JSON.parse(fs.readFileSync(path.join(results, folder, 'checks.json'), 'utf8'));
}

describe('the MCP conformance suite against favindex proxy --listen', () => {
  beforeAll(async () => {
    results = path.join(work, 'results');
    const node = await node22();
    // It exits non-zero while any scenario fails (the renamed ones do); the checks say which.
    await run(node, [SUITE, 'server', '--url', url, '-o', results], { cwd: work, timeout: 60_000 }).catch(() => {});
  }, 360_000);

  it.each(SCENARIOS)('%s passes', (name) => {
    const checks = checksOf(name);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.id}: ${c.errorMessage ?? c.status}`)).toEqual([]);
  });

  it.each(RENAMED)('%s fails only because it calls a tool by the name the proxy renames', (name) => {
    const failures = checksOf(name).filter((c) => c.status === 'FAILURE');
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure.errorMessage).toMatch(/Unknown tool 'test_[a-z0-9_]+'\. This session's tools: all_conformance_/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT, spooledEvents, stdioClient } from './harness';
import { listedTools, memoryServersFile, type PolicyProject, policyProject, READ_ONLY, text } from './policy-project';

/**
 * The tool policy through `favindex proxy` over stdio, where it must hold without favindex
 * (--require-policy) and beyond tools (a denied server's prompts and resources). The tokens
 * and rules are in policy-project.ts; every mode is in policy.test.ts.
 */
const favindex = favindexForFile('favindex-policy-require-test-');
const { api } = favindex;
const SCRIPTED = path.join(ROOT, 'test', 'proxy', 'scripted-server.mjs');
let project: PolicyProject;

beforeAll(async () => {
  project = await policyProject(favindex, 'policy-require');
}, 120_000);

describe('--require-policy', () => {
  it('with favindex unreachable and nothing kept, lists no tool and refuses every call, traced as denied for want of a policy', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    for (const [how, extra, env] of [
      ['flag', ['--require-policy'], {}],
      ['env', [], { FAVINDEX_REQUIRE_POLICY: '1' }],
    ] as const) {
      const { dir, stateDir } = proxyFolder(favindex.work, `require-${how}`);
      const args = proxyArgs({
        url: gone,
        project: project.id,
        token: 'fav_not_checked_while_favindex_is_gone',
        config: memoryServersFile(dir),
        stateDir,
        extra: [...extra],
      });
      const proxy = await stdioClient(args, `require-${how}`, { ...env });
      favindex.clients.push(proxy);
      expect((await proxy.client.listTools()).tools, how).toEqual([]);
      for (const name of ['all_memory_read_graph', 'mcp_find_tools', 'memory__read_graph']) {
        const result = await proxy.client.callTool({ name, arguments: { query: 'graph' } });
        expect(result.isError, `${how} ${name}`).toBe(true);
        expect(text(result)).toContain("favindex has not sent this token's policy yet");
      }
      await eventually(async () => {
        const spooled = spooledEvents(stateDir).filter((e) => e.status === 'denied' && e.errorCode === 'policy_missing');
        expect(spooled.map((e) => e.tool).sort()).toEqual(['all_memory_read_graph', 'mcp_find_tools', 'memory__read_graph']);
      });
      expect(proxy.stderr()).toContain('--require-policy');
      await proxy.close();
    }
  }, 120_000);

  it('with favindex answering, lists what the token may use', async () => {
    await project.setSurface('eager', 'safe');
    const proxy = await project.stdioProxy('b', 'require-reachable', ['--require-policy']);
    expect(listedTools((await proxy.client.listTools()).tools)).toEqual([...READ_ONLY].sort());
    await proxy.close();
  });
});

describe("a server the token's policy denies", () => {
  it('lists none of its prompts, resources or templates, and refuses them with the rule (#45)', async () => {
    const offers = 'policy-offers';
    const token = await projectWithToken(api, offers);
    const rules = [{ effect: 'deny', servers: ['b'], identities: ['token:proxy'] }];
    expect((await api('PUT', `/api/projects/${offers}/policy`, { policy: { default: 'allow', rules } })).status).toBe(200);
    const { dir, stateDir } = proxyFolder(favindex.work, 'offers');
    const config = path.join(dir, 'servers.json');
    fs.writeFileSync(
      config,
      JSON.stringify({ mcpServers: { a: { command: process.execPath, args: [SCRIPTED, 'a'] }, b: { command: process.execPath, args: [SCRIPTED, 'b'] } } }),
    );
    const proxy = await stdioClient(proxyArgs({ url: favindex.url, project: offers, token, config, stateDir, extra: ['--start-wait', '60'] }), 'offers');
    favindex.clients.push(proxy);
    const { client } = proxy;
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['a_greet', 'only_a']);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['scripted://a/items/{id}']);
    expect((await client.listResources()).resources.map((r) => r.uri).filter((uri) => uri.startsWith('scripted://b/'))).toEqual([]);
    for (const refused of [client.getPrompt({ name: 'b_greet', arguments: { who: 'x' } }), client.readResource({ uri: 'scripted://b/note' })]) {
      await expect(refused).rejects.toMatchObject({ code: -32602, data: { error_code: 'POLICY_DENIED', details: { rule: 1, identities: ['token:proxy'] } } });
    }
    await proxy.close();
  }, 120_000);
});

import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { narrowPolicy } from '@/lib/policy/narrow';
import { type ToolPolicy, toolPolicySchema } from '@/lib/schemas/policy';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed } from '@/test/proxy-call-state';
import { UNSTARTED_UPSTREAM_OPTIONS } from '@/test/unstarted-upstream-options';
import { sessionServer } from '../mcp-server';
import type { ProxyState } from '../runtime';
import { Upstream } from '../upstreams';
import { Passthrough } from '.';

/**
 * The tool policy over what servers offer besides tools (§policy), in process: two servers `b`
 * and `a` (config order) behind one proxy of token `ci`, each with a prompt `greet`, the URI
 * `shared://note`, a note of its own and a template, and the real SDK Client in front.
 */
const POLICY = toolPolicySchema.parse({
  rules: [
    { effect: 'deny', servers: ['b'], identities: ['token:ci'], note: 'b is for people' },
    { effect: 'deny', servers: ['a'], identities: ['client:cursor'] },
  ],
});

/** An in-process MCP server with prompts, resources, templates and completion; `heard` keeps every request but the lists. */
async function offering(name: string, heard: string[]): Promise<Client> {
  const server = new Server({ name, version: '1' }, { capabilities: { prompts: {}, resources: { subscribe: true }, completions: {} } });
  const note = (uri: string) => ({ contents: [{ uri, text: `${name} has ${uri}` }] });
  server.setRequestHandler('prompts/list', async () => ({ prompts: [{ name: 'greet' }, { name: `only_${name}` }] }));
  server.setRequestHandler('prompts/get', async (r) => {
    heard.push(`${name} prompts/get ${r.params.name}`);
    return { messages: [{ role: 'user', content: { type: 'text', text: `${name} greets` } }] };
  });
  server.setRequestHandler('resources/list', async () => ({
    resources: [
      { uri: 'shared://note', name: 'shared' },
      { uri: `${name}://note`, name: 'own' },
    ],
  }));
  server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [{ uriTemplate: `${name}://items/{id}`, name: 'items' }] }));
  server.setRequestHandler('resources/read', async (r) => {
    heard.push(`${name} resources/read ${r.params.uri}`);
    return note(r.params.uri);
  });
  server.setRequestHandler('resources/subscribe', async (r) => {
    heard.push(`${name} resources/subscribe ${r.params.uri}`);
    return {};
  });
  server.setRequestHandler('completion/complete', async () => {
    heard.push(`${name} completion/complete`);
    return { completion: { values: [`${name}-x`] } };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'favindex-proxy', version: '1' }, { capabilities: {} });
  await client.connect(clientSide);
  return client;
}

/** An upstream that is up, its session the in-process client. */
class InProcessUpstream extends Upstream {
  constructor(
    name: string,
    private readonly client: Client,
  ) {
    super(name, { transport: 'stdio', command: 'none', args: [], env: {} }, UNSTARTED_UPSTREAM_OPTIONS);
    this.state = 'up';
    this.lastCapabilities = client.getServerCapabilities() ?? null;
  }
  override session(): Client {
    return this.client;
  }
}

const { bed, spool, proxyState } = callTestBed([]);

function surface(state: ProxyState, policy: ToolPolicy | null): void {
  const narrowed = policy ? narrowPolicy(policy, 'ci') : null;
  const document = buildSurfaceDocument(
    {
      project: 'p',
      version: { catalog: 1, favourites: 1, surface: 1 },
      surface: defaultSurfaceConfig(),
      favourites: { enabled: true, maxFavourites: 15, tools: [] },
      policy: narrowed?.policy ?? null,
      policyRules: narrowed?.sources ?? [],
    },
    prepareCatalog([]),
    'favindex',
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
}

/** The proxy of token `ci` with servers b and a, and a client session per name, each noting the list_changed it hears. */
async function proxyWith(policy: ToolPolicy | null) {
  const heard: string[] = [];
  const { state } = proxyState();
  surface(state, policy);
  const passthrough = new Passthrough({ callTimeoutMs: 5_000, cacheFile: path.join(bed.dir, 'capabilities.json'), log: () => {} });
  const upstreams = new Map<string, Upstream>();
  for (const name of ['b', 'a']) upstreams.set(name, new InProcessUpstream(name, await offering(name, heard)));
  passthrough.attach(upstreams, state.presenter);
  const connect = async (clientName: string) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await sessionServer(state, spool, undefined, passthrough).server.connect(serverSide);
    const client = new Client({ name: clientName, version: '1' }, { capabilities: {} });
    const told: string[] = [];
    client.setNotificationHandler('notifications/prompts/list_changed', async () => void told.push('prompts'));
    client.setNotificationHandler('notifications/resources/list_changed', async () => void told.push('resources'));
    await client.connect(clientSide);
    return { client, told };
  };
  return { state, heard, connect };
}

/** What the client is answered for a request the policy refuses: the MCP error, with the envelope as its data. */
const refusal = (request: Promise<unknown>) =>
  request.then(
    () => null,
    (err: { code: number; message: string; data: unknown }) => err,
  );

describe('the tool policy over prompts, resources and templates (§policy)', () => {
  it('lists only what the servers a session may use offer, and refuses the rest as a denied call is refused, before the server hears of it', async () => {
    const { heard, connect } = await proxyWith(POLICY);
    const { client } = await connect('codex');
    // Names are made over every server's prompts: a greet of two servers is a_greet whoever asks.
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['a_greet', 'only_a']);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['shared://note', 'a://note']);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['a://items/{id}']);
    // b lists shared://note first, yet this session may use a only: a's is the one it reads.
    expect(JSON.stringify(await client.readResource({ uri: 'shared://note' }))).toContain('a has shared://note');

    const message =
      "The prompt 'b_greet' of MCP server 'b' is not allowed for this session by the project's tool policy: rule 1, deny servers b for token:ci (b is for people).";
    const suggested = "Use what another server offers, or ask the project's owner to change the tool policy.";
    expect(await refusal(client.getPrompt({ name: 'b_greet' }))).toMatchObject({
      code: -32602,
      message: `${message} ${suggested}`,
      data: {
        error_code: 'POLICY_DENIED',
        message,
        retryable: false,
        suggested_action: suggested,
        cited_rule: '§policy',
        details: { refused: "The prompt 'b_greet' of MCP server 'b'", rule: 1, identities: ['token:ci'] },
      },
    });
    for (const denied of [
      client.readResource({ uri: 'b://note' }),
      client.readResource({ uri: 'b://items/7' }),
      client.subscribeResource({ uri: 'b://note' }),
      client.complete({ ref: { type: 'ref/prompt', name: 'b_greet' }, argument: { name: 'who', value: 'x' } }),
      client.complete({ ref: { type: 'ref/resource', uri: 'b://items/{id}' }, argument: { name: 'id', value: '1' } }),
    ]) {
      expect(await refusal(denied)).toMatchObject({ data: { error_code: 'POLICY_DENIED', details: { rule: 1 } } });
    }
    expect(heard).toEqual(['a resources/read shared://note']);
  });

  it("applies a client's rule to that client's sessions, and names the client", async () => {
    const { heard, connect } = await proxyWith(POLICY);
    const { client } = await connect('cursor');
    expect((await client.listPrompts()).prompts).toEqual([]);
    expect((await client.listResources()).resources).toEqual([]);
    const refused = await refusal(client.getPrompt({ name: 'only_a' }));
    expect(refused?.message).toContain(
      "The prompt 'only_a' of MCP server 'a' is not allowed for this session by the project's tool policy: rule 2, deny servers a for client:cursor.",
    );
    // A name that is no prompt is still unknown, listing only what the session may get.
    expect((await refusal(client.getPrompt({ name: 'nothing' })))?.message).toMatch(/Unknown prompt 'nothing'\. This proxy's prompts: none$/);
    expect(heard).toEqual([]);
  });

  it('tells a session that listed when a new policy changes which servers it may use, and lists them then', async () => {
    const { state, connect } = await proxyWith(POLICY);
    const { client, told } = await connect('codex');
    await client.listPrompts();
    surface(state, POLICY);
    expect(told).toEqual([]);
    surface(state, null);
    await expect.poll(() => told).toEqual(['prompts', 'resources']);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['b_greet', 'only_b', 'a_greet', 'only_a']);
  });

  it('with --require-policy and no policy yet, offers nothing and refuses everything for want of one', async () => {
    const { state, heard, connect } = await proxyWith(null);
    state.presenter.policy.requirePolicy = true;
    const { client } = await connect('codex');
    expect((await client.listPrompts()).prompts).toEqual([]);
    expect(await refusal(client.readResource({ uri: 'a://note' }))).toMatchObject({ data: { error_code: 'POLICY_MISSING', cited_rule: '§policy' } });
    expect(heard).toEqual([]);
  });
});

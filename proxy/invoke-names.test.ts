import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { narrowPolicy } from '@/lib/policy/narrow';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { defaultSurfaceConfig, type SurfaceMode } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed, sessionOf, type TestServer } from '@/test/proxy-call-state';
import { handleCall } from './calls';
import { ProxySession } from './session';

/**
 * mcp_invoke_tool names its tool as free text. A server that matches names loosely (case, spaces)
 * would run `send_email` for `SEND_EMAIL`, a tool the policy denies: the proxy sends a server only
 * a name it listed, exactly, and answers any other name itself (#45).
 */
const tool = (name: string) => ({ name, description: name, inputSchema: { type: 'object' } });
const SERVERS: TestServer[] = [
  { name: 'mail', tools: [tool('send_email'), tool('list_mail')] },
  { name: 'late', tools: [tool('anything')], listed: false },
];
const POLICY = toolPolicySchema.parse({ rules: [{ effect: 'deny', tools: ['mail/send_email'], identities: ['token:ci'] }] });

const { bed, spool, proxyState } = callTestBed(SERVERS);

function proxyIn(mode: SurfaceMode) {
  const { state, upstreams } = proxyState();
  const narrowed = narrowPolicy(POLICY, 'ci');
  const document = buildSurfaceDocument(
    {
      project: 'p',
      version: { catalog: 1, favourites: 1, surface: 1 },
      surface: { ...defaultSurfaceConfig(), mode },
      favourites: { enabled: true, maxFavourites: 15, tools: [] },
      policy: narrowed.policy,
      policyRules: narrowed.sources,
    },
    prepareCatalog(SERVERS.filter((s) => s.listed !== false)),
    mode,
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
  return { state, upstreams };
}

const invoke = (server: string, name: string) => ({ name: 'mcp_invoke_tool', arguments: { server, tool: name, arguments: { to: 'x' } } });
const said = (result: CallToolResult) => (result.content[0]?.type === 'text' ? result.content[0].text : '');
const envelope = (result: CallToolResult) => JSON.parse(result.content[1]?.type === 'text' ? result.content[1].text : '{}');

describe('mcp_invoke_tool sends a server only the names it listed', () => {
  it('refuses a name the server does not list exactly, before anything reaches it, naming the tool and what to call instead', async () => {
    const { state, upstreams } = proxyIn('off');
    for (const name of ['SEND_EMAIL', 'send_email ', 'SECRET_ADMIN', 'Send-Email']) {
      bed.traces = [];
      const result = await handleCall(state, spool, sessionOf(null), invoke('mail', name));
      expect(result.isError, name).toBe(true);
      expect(said(result), name).toBe(
        `MCP server 'mail' lists no tool named '${name}' (names must match exactly, case and spaces included), so nothing was sent to it. ` +
          "Call mcp_invoke_tool with one of the tools of 'mail' you may use, spelled exactly: list_mail.",
      );
      // The tool the policy denies this token is not offered, not even as the likely meaning.
      expect(envelope(result).suggested_action, name).not.toContain('send_email');
      expect(envelope(result), name).toMatchObject({
        error_code: 'UNKNOWN_TOOL',
        retryable: false,
        cited_rule: '§surface',
        details: { server: 'mail', tool: name },
      });
      expect(bed.traces, name).toEqual([
        expect.objectContaining({ status: 'error', errorCode: 'unknown_tool', server: 'mail', arguments: { server: 'mail', tool: name } }),
      ]);
      expect(bed.traces[0], name).not.toHaveProperty('canonical');
    }
    expect(upstreams.flatMap((u) => u.called)).toEqual([]);
  });

  it('says which listed name a loose one most likely meant, among the tools the session may use, and sends that one when asked by it', async () => {
    const { state, upstreams } = proxyIn('off');
    const loose = await handleCall(state, spool, sessionOf(null), invoke('mail', ' LIST-MAIL'));
    expect(said(loose)).toContain('Call mcp_invoke_tool again with "tool": "list_mail", spelled exactly so.');
    expect(upstreams[0]!.called).toEqual([]);
    const exact = await handleCall(state, spool, sessionOf(null), invoke('mail', 'list_mail'));
    expect(exact.isError).toBeFalsy();
    expect(upstreams[0]!.called).toEqual(['mail/list_mail']);
  });

  it('still refuses the exact name of a denied tool as denied, and points at mcp_find_tools where the mode has it', async () => {
    const { state, upstreams } = proxyIn('lazy');
    // Lazy mode lists mcp_invoke_tool on MCP 2026-07-28, beside mcp_find_tools.
    const stateless = new ProxySession(async () => {}, undefined, true);
    const denied = await handleCall(state, spool, stateless, invoke('mail', 'send_email'));
    expect(envelope(denied)).toMatchObject({ error_code: 'POLICY_DENIED', details: { rule: 1, identities: ['token:ci'] } });
    const unknown = await handleCall(state, spool, stateless, invoke('mail', 'SECRET_ADMIN'));
    expect(said(unknown)).toContain('Find the tool with mcp_find_tools, then call mcp_invoke_tool with its name exactly as found.');
    expect(upstreams.flatMap((u) => u.called)).toEqual([]);
  });

  it('sends nothing to a server that has not listed its tools yet, and says to call again', async () => {
    const { state, upstreams } = proxyIn('off');
    const result = await handleCall(state, spool, sessionOf(null), invoke('late', 'anything'));
    expect(said(result)).toBe(
      "MCP server 'late' has not listed its tools yet, so 'anything' cannot be checked against them and nothing was sent to it. Call again once the server has started.",
    );
    expect(envelope(result)).toMatchObject({ error_code: 'UNKNOWN_TOOL', retryable: true });
    expect(bed.traces.at(-1)).toMatchObject({ status: 'error', errorCode: 'unknown_tool' });
    expect(bed.traces.at(-1)).not.toHaveProperty('invented');
    expect(upstreams.flatMap((u) => u.called)).toEqual([]);
  });
});

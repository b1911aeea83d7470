import { Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { GROUPING_EXTENSION, type ToolGroup } from '@/lib/surface/groups';
import { clientCall, type WritesResultBytes } from './calls';
import { ANNOUNCED_CAPABILITIES, type Passthrough } from './passthrough';
import { refuseCursor } from './passthrough/lists';
import type { ProxyState } from './runtime';
import { ProxySession } from './session';
import type { Spool } from './spool';
import { serversNotUp, tellerFor, waitToList } from './start-wait';

export const PROXY_VERSION = '0.1.0';

/** What the grouping extension's `groups/list` takes: a cursor, as every MCP list does (§routers). */
const listGroupsParams = z.object({ cursor: z.string().optional() });
const GROUPS_LIST_CHANGED = 'notifications/groups/list_changed';

/**
 * One low-level MCP Server for one session: tools/list is the session's list, tools/call goes
 * through the proxy. The low-level Server passes upstream JSON Schemas on untouched. The
 * instruction in force when the session starts goes in its initialize result, which waits for
 * nothing: a client bounds the handshake itself, and the lists wait for what is starting.
 * `resultBytes`: the session's stdio transport, which writes a large result as the bytes its
 * server wrote (#45); without it (Streamable HTTP) every result is a value.
 */
export function sessionServer(
  state: ProxyState,
  spool: Spool,
  id?: string,
  passthrough?: Passthrough,
  resultBytes?: WritesResultBytes,
): { server: Server; session: ProxySession } {
  // Everything the proxy can pass through, whatever its servers have shown yet (a client reads it
  // once); logging in any case, since the proxy itself says in a log message which servers are slow;
  // the grouping extension, which a client that does not know it ignores (§routers).
  const capabilities = {
    ...(passthrough ? ANNOUNCED_CAPABILITIES : { tools: { listChanged: true }, logging: {} }),
    extensions: { [GROUPING_EXTENSION]: { listChanged: true } },
  };
  // Clients such as VS Code build the prefix of every tool name from the server's announced name:
  // announce the key the project's names were made for.
  const server = new Server(
    { name: state.presenter.view.serverKey, version: PROXY_VERSION },
    { capabilities, ...(state.presenter.view.instruction ? { instructions: state.presenter.view.instruction } : {}) },
  );
  const session = new ProxySession(() => server.sendToolListChanged(), id);
  session.notifyGroupsChanged = () => server.notification({ method: GROUPS_LIST_CHANGED });
  server.oninitialized = () => {
    session.client = server.getClientVersion()?.name ?? null;
    session.protocol = server.getNegotiatedProtocolVersion() ?? null;
    session.grouping = server.getClientCapabilities()?.extensions?.[GROUPING_EXTENSION] !== undefined;
  };
  const tell = tellerFor(server, session.told);
  server.setRequestHandler('tools/list', async () => {
    session.lastSeenAt = Date.now();
    // The first list waits (bounded) for the servers and favindex, so a client that lists once gets every tool.
    await waitToList(
      'tools/list',
      () => state.startingReasons(),
      (ready) => state.untilStarted(ready),
      tell,
      () => state.secondsLeft(),
    );
    const listing = state.presenter.listing(session);
    session.known = listing.toolsHash;
    return { tools: listing.tools, ...serversNotUp(state.upstreams.values(), tell) };
  });
  server.setRequestHandler('groups/list', { params: listGroupsParams }, async (params): Promise<{ groups: ToolGroup[] }> => {
    session.lastSeenAt = Date.now();
    // Every group fits one page (at most 100 routers), as the proxy's other lists do.
    refuseCursor(params, 'groups/list');
    await waitToList(
      'groups/list',
      () => state.startingReasons(),
      (ready) => state.untilStarted(ready),
      tell,
      () => state.secondsLeft(),
    );
    const listing = state.presenter.listing(session);
    session.knownGroups = listing.groupsHash;
    return { groups: listing.groups };
  });
  server.setRequestHandler('tools/call', (request, ctx) => {
    const call = () => clientCall(state, spool, session, request, ctx, resultBytes);
    // A server's sampling or elicitation request during the call is asked of this session.
    return passthrough ? passthrough.during(session, ctx.mcpReq.send, call) : call();
  });
  passthrough?.register(server, session, capabilities);
  state.presenter.sessions.add(session);
  const previous = server.onclose;
  server.onclose = () => {
    previous?.();
    state.presenter.sessions.delete(session);
  };
  return { server, session };
}

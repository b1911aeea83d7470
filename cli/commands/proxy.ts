import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { ProxyConfigError, readProxyConfig } from '@/proxy/config';
import { HttpSecretError, SECRET_ENV, type SecretSource } from '@/proxy/http-secret';
import { startProxy } from '@/proxy/proxy';
import { PROTOCOL_CHOICES, type ProtocolChoice } from '@/proxy/serve-stdio';
import { DEFAULT_START_WAIT_MS } from '@/proxy/start-wait';
import { decimal, integer, requireProject, seconds, stringValue, valueOptions } from '../args';
import type { Command } from '../command';
import { badArguments, CliError, EXIT } from '../exit-codes';
import { errorCode } from '@/lib/thrown';
import { itemAt } from '@/lib/arrays';

/** After the stop sequence (1.2 s at most), how long the process may take to exit by itself. */
const EXIT_AFTER_STOP_MS = 50;

/** Set to 1, the proxy runs as with --require-policy. */
const REQUIRE_POLICY_ENV = 'FAVINDEX_REQUIRE_POLICY';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export const proxyCommand: Command = {
  name: 'proxy',
  summary: "serve the project's tool surface to an MCP client, in front of the MCP servers of a config file",
  help: `favindex proxy --project P --config FILE [--listen 127.0.0.1:PORT [--secret-file FILE]] [--require-policy]

  An MCP server for Claude Code, Cursor, Codex, VS Code or any MCP client. It starts the MCP
  servers listed in FILE (the "mcpServers" format those clients use: command/args/env, or
  url/headers), uploads each one's tools as the project's catalog, presents the list the
  project's surface says (mode, favourites, limits), sends every call on to the server that has
  the tool, and records each call as a trace (kept on disk until favindex has it).

  Over stdio by default (the client starts it); with --listen, over Streamable HTTP at
  http://HOST:PORT/mcp (loopback only). Each HTTP request must carry the header
  'Authorization: Bearer <secret>': the first start makes the secret, keeps it in
  <state-dir>/http-secret (mode 0600) and prints, once, the client config to paste:
    {"mcpServers": {"favindex": {"type": "http", "url": "http://127.0.0.1:PORT/mcp",
      "headers": {"Authorization": "Bearer <secret>"}}}}
    claude mcp add --transport http favindex http://127.0.0.1:PORT/mcp --header "Authorization: Bearer <secret>"
  ${SECRET_ENV} (32 characters or more) sets the secret instead, and nothing is kept.

  The token needs the scopes ${PROXY_SCOPES.join(', ')} (PROXY_SCOPES): make one
  with those under the project's Tokens tab. Without catalog:write the servers' tools never
  reach the catalog; the proxy says so once, on stderr, as it does when --url does not answer.

  The project's tool policy (its Policy tab) is sent with the surface, narrowed to this token:
  a session never lists or finds a tool it may not use, and a call to one, by any name, is
  answered with an error naming the rule and never reaches the server.

Options:
  --config FILE       the mcpServers JSON file of the MCP servers to put behind the proxy
  --listen HOST:PORT  serve Streamable HTTP instead of stdio (127.0.0.1 or localhost)
  --secret-file FILE  where the HTTP secret is kept (made there if missing; mode 0600, a file others
                      may read is refused) instead of <state-dir>/http-secret
  --state-dir DIR     where the last surface, the servers' tools and unsent traces are kept
                      (default ~/.favindex/proxy/<project>-<hash of --url>)
  --poll SEC          how often to read the surface (default 10; any change is then pushed to clients)
  --spool-max-mb N    unsent traces kept at most (default 64); past it the oldest are dropped, and said so
  --call-timeout SEC  how long one tool call may take (default 600)
  --start-wait SEC    how long, from the proxy's start, a list (tools, prompts, resources) may
                      wait for MCP servers still starting, and tools/list also for favindex to take
                      their tools (default ${DEFAULT_START_WAIT_MS / 1000}, within clients' request time-outs; 0 answers at
                      once). The client is told that the list waits (an MCP log message); past the
                      bound it gets what is ready, is told what is missing, and hears list_changed
                      when the rest comes. initialize is answered at once, announcing all the proxy
                      passes through, whatever the servers have shown yet. A tool call to a server
                      still starting waits for it, within --call-timeout. A second start serves the
                      tools and surface kept on disk at once.
  --max-message-mb N  one JSON-RPC message over stdio at most, from the client or a server
                      (default 10). A larger result fails that call alone, with an error that says so.
  --require-policy    fail closed: until favindex has sent this token's tool policy (favindex not
                      reached yet and none kept from a last run, or a favindex older than policies)
                      list no tools and refuse every call; the tools follow with list_changed when
                      it arrives. Also set by ${REQUIRE_POLICY_ENV}=1.
  --protocol REV      the MCP revisions served to clients: auto (default) serves 2025-11-25 sessions
                      and stateless 2026-07-28 requests, each by its own rules; 2025-11-25 or
                      2026-07-28 serves that one only, to see how a client behaves on it.

  SIGTERM or SIGINT stops it within 2 s, servers that hang included; unsent traces stay on disk.

  favindex proxy -p my-agent --config ~/favindex-servers.json`,
  options: {
    ...valueOptions('config', 'listen', 'secret-file', 'state-dir', 'poll', 'spool-max-mb', 'call-timeout', 'start-wait', 'max-message-mb', 'protocol'),
    'require-policy': { type: 'boolean' },
  },

  async run({ parsed, io }) {
    if (parsed.positionals.length > 0) throw badArguments(`proxy takes no positional arguments (got ${parsed.positionals.join(' ')})`);
    const project = requireProject(parsed.global);
    const configFile = stringValue(parsed.values.config);
    if (!configFile) throw badArguments('proxy needs --config FILE: the mcpServers file of the MCP servers to put behind it');
    const address = listenAddress(stringValue(parsed.values.listen));
    const pollMs = seconds(stringValue(parsed.values.poll) ?? '10', '--poll', 0.1, 3_600);
    const spoolMb = decimal(stringValue(parsed.values['spool-max-mb']) ?? '64', '--spool-max-mb', 0.05, 10_240, 'MiB');
    const callTimeoutMs = seconds(stringValue(parsed.values['call-timeout']) ?? '600', '--call-timeout', 1, 86_400);
    const maxMessageMb = decimal(stringValue(parsed.values['max-message-mb']) ?? '10', '--max-message-mb', 0.01, 1_024, 'MiB');
    const startWaitMs = seconds(stringValue(parsed.values['start-wait']) ?? String(DEFAULT_START_WAIT_MS / 1000), '--start-wait', 0, 600);
    const protocol = protocolChoice(stringValue(parsed.values.protocol));
    const requirePolicy = parsed.values['require-policy'] === true || io.env[REQUIRE_POLICY_ENV] === '1';
    const { url, token, timeoutMs } = parsed.global;
    const stateDir = path.resolve(
      stringValue(parsed.values['state-dir']) ??
        path.join(os.homedir(), '.favindex', 'proxy', `${project}-${createHash('sha256').update(url).digest('hex').slice(0, 8)}`),
    );
    const log = (message: string) => io.stderr(`favindex proxy: ${message}\n`);
    const listen = address && { ...address, secret: secretSource(stringValue(parsed.values['secret-file']), io.env) };
    if (!address && parsed.values['secret-file'] !== undefined)
      throw badArguments('--secret-file is the secret of --listen: without --listen the proxy serves stdio, which needs none');
    // The stdio servers inherit the proxy's environment: they have no use for the secret.
    delete process.env[SECRET_ENV];

    let config: ReturnType<typeof readProxyConfig>;
    try {
      config = readProxyConfig(path.resolve(configFile), io.env);
    } catch (err) {
      if (err instanceof ProxyConfigError) throw badArguments(err.message, 'fix the file: {"mcpServers": {"name": {"command": "…", "args": […]}}}');
      throw err;
    }
    for (const skipped of config.skipped) log(`skipping ${skipped}`);

    // Listened for from the start: a signal while the servers start stops the proxy as promptly as later.
    const stopAsked = new AbortController();
    const forget = () => {
      process.off('SIGTERM', askStop);
      process.off('SIGINT', askStop);
    };
    // Heard once: a second signal, of either kind, ends the process at once (the default).
    function askStop() {
      forget();
      stopAsked.abort();
    }
    process.on('SIGTERM', askStop);
    process.on('SIGINT', askStop);
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    try {
      proxy = await startProxy({
        url,
        project,
        token,
        upstreams: config.upstreams,
        stateDir,
        listen,
        pollMs,
        spoolMaxBytes: Math.round(spoolMb * 1024 * 1024),
        requestTimeoutMs: timeoutMs,
        callTimeoutMs,
        startWaitMs,
        maxMessageBytes: Math.round(maxMessageMb * 1024 * 1024),
        requirePolicy,
        protocol,
        log,
      });
    } catch (err) {
      forget();
      const code = errorCode(err);
      if (code === 'EADDRINUSE') throw new CliError(EXIT.API_ERROR, `cannot listen on ${listen?.host}:${listen?.port}: the port is in use`);
      if (err instanceof HttpSecretError) throw badArguments(err.message);
      throw err;
    }
    const signalled = new Promise<void>((resolve) => {
      if (stopAsked.signal.aborted) resolve();
      stopAsked.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([proxy.done, signalled]);
    await proxy.stop();
    // Stopped: a socket kept alive to favindex must not hold the exit (a second signal ends it at once).
    setTimeout(() => process.exit(), EXIT_AFTER_STOP_MS).unref();
  },
};

function listenAddress(raw: string | undefined): { host: string; port: number } | null {
  if (raw === undefined) return null;
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(raw);
  if (!match) throw badArguments(`--listen '${raw}' is not HOST:PORT`, 'e.g. --listen 127.0.0.1:3390');
  const host = itemAt(match, 1);
  if (!LOOPBACK.has(host)) {
    throw badArguments(`--listen ${host}: the proxy serves loopback only (its secret would cross the network in plain HTTP)`, 'use --listen 127.0.0.1:PORT');
  }
  return { host: host.replace(/^\[|\]$/g, ''), port: integer(itemAt(match, 2), '--listen port', 0, 65_535) };
}

/** FAVINDEX_PROXY_SECRET, else the file (--secret-file, else the state folder's, which startProxy picks); both at once is a mistake. */
function secretSource(file: string | undefined, env: Record<string, string | undefined>): SecretSource | undefined {
  const fromEnv = env[SECRET_ENV];
  if (fromEnv !== undefined && fromEnv !== '' && file !== undefined) {
    throw badArguments(`both ${SECRET_ENV} and --secret-file give the HTTP secret: say which one`, `unset ${SECRET_ENV}, or leave out --secret-file`);
  }
  if (fromEnv !== undefined && fromEnv !== '') return { env: fromEnv };
  return file === undefined ? undefined : { file: path.resolve(file) };
}

function protocolChoice(raw: string | undefined): ProtocolChoice {
  if (raw === undefined) return 'auto';
  const choice = PROTOCOL_CHOICES.find((c) => c === raw);
  if (!choice) throw badArguments(`--protocol '${raw}' is not one of ${PROTOCOL_CHOICES.join(', ')}`, 'e.g. --protocol 2026-07-28');
  return choice;
}

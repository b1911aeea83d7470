import fs from 'node:fs';
import { z } from 'zod';
import { SERVER_NAME_RE } from '@/lib/names/canonical';
import { UPSTREAM_PROTOCOLS, type UpstreamProtocol } from '@/mcp/protocol';
import type { UpstreamEndpoint } from '@/mcp/upstream';
import { errorMessage, errorCode } from '@/lib/thrown';

/**
 * One entry of an `mcpServers` file as clients write it (Claude Code's .mcp.json, Cursor's
 * mcp.json, Claude Desktop; VS Code's `servers`): a command with args and env, or a URL with
 * headers. `type` is optional, as in most clients.
 */
const entrySchema = z.object({
  type: z.enum(['stdio', 'http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  disabled: z.boolean().optional(),
  /** favindex's own key: the MCP revision to speak to this server (`auto` negotiates). */
  protocol: z.enum(UPSTREAM_PROTOCOLS).optional(),
});

const fileSchema = z.union([
  z.object({ mcpServers: z.record(z.string(), z.unknown()) }),
  z.object({ servers: z.record(z.string(), z.unknown()) }).transform((v) => ({ mcpServers: v.servers })),
]);

export interface UpstreamConfig {
  name: string;
  endpoint: UpstreamEndpoint;
}

export class ProxyConfigError extends Error {}

/** Read the upstreams from an mcpServers file; every problem names the entry and what to fix. */
export function readProxyConfig(file: string, env: Record<string, string | undefined>): { upstreams: UpstreamConfig[]; skipped: string[] } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ProxyConfigError(`cannot read ${file}: ${errorCode(err) ?? errorMessage(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ProxyConfigError(`${file} is not JSON: ${errorMessage(err)}`);
  }
  return parseProxyConfig(json, env, file);
}

export function parseProxyConfig(
  json: unknown,
  env: Record<string, string | undefined>,
  file = 'the config',
): { upstreams: UpstreamConfig[]; skipped: string[] } {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success)
    throw new ProxyConfigError(`${file} has no "mcpServers" object (the format of .mcp.json, Cursor's mcp.json or claude_desktop_config.json)`);
  const upstreams: UpstreamConfig[] = [];
  const skipped: string[] = [];
  for (const [name, raw] of Object.entries(parsed.data.mcpServers)) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      throw new ProxyConfigError(`mcpServers.${name}: ${issue?.path.join('.') || 'entry'} ${issue?.message ?? 'is invalid'}`);
    }
    const e = entry.data;
    if (e.disabled) {
      skipped.push(`${name} (disabled)`);
      continue;
    }
    if (isThisProxy(e.command, e.args)) {
      skipped.push(`${name} (it is a favindex proxy: it would start itself)`);
      continue;
    }
    if (!SERVER_NAME_RE.test(name)) {
      throw new ProxyConfigError(
        `mcpServers.${name}: a server name is 1–64 of [A-Za-z0-9_.-], starting with a letter or digit (it is the server part of server/tool)`,
      );
    }
    if (e.type === 'sse') throw new ProxyConfigError(`mcpServers.${name}: the SSE transport is not supported; use the server's Streamable HTTP endpoint`);
    if (e.url !== undefined) {
      const url = expand(e.url, env, name);
      if (!/^https?:\/\//.test(url)) throw new ProxyConfigError(`mcpServers.${name}: url must be http(s), not '${url}'`);
      upstreams.push({ name, endpoint: { transport: 'http', url, headers: expandAll(e.headers, env, name), ...protocolOf(e) } });
    } else if (e.command !== undefined) {
      upstreams.push({
        name,
        endpoint: {
          transport: 'stdio',
          command: expand(e.command, env, name),
          args: e.args.map((a) => expand(a, env, name)),
          env: expandAll(e.env, env, name),
          ...(e.cwd ? { cwd: expand(e.cwd, env, name) } : {}),
          ...protocolOf(e),
        },
      });
    } else {
      throw new ProxyConfigError(`mcpServers.${name}: give a command (stdio) or a url (Streamable HTTP)`);
    }
  }
  return { upstreams, skipped };
}

function protocolOf(entry: { protocol?: UpstreamProtocol }): { protocol?: UpstreamProtocol } {
  return entry.protocol ? { protocol: entry.protocol } : {};
}

/** An entry that runs `favindex proxy`: a client config that lists the proxy itself. */
function isThisProxy(command: string | undefined, args: string[]): boolean {
  const words = [command ?? '', ...args];
  return words.some((w) => /(^|[/\\])favindex(\.mjs)?$/.test(w)) && args.includes('proxy');
}

/** `${VAR}` and `${VAR:-default}`, as Claude Code expands them in .mcp.json. */
function expand(value: string, env: Record<string, string | undefined>, server: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined && found !== '') return found;
    if (fallback !== undefined) return fallback;
    throw new ProxyConfigError(`mcpServers.${server}: \${${name}} is not set in the environment`);
  });
}

function expandAll(values: Record<string, string>, env: Record<string, string | undefined>, server: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, expand(v, env, server)]));
}

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { catalogPushCommand, firstEventCommand, sampleEvent, shellQuote } from './first-event';

const now = new Date('2026-03-01T10:00:00.000Z');

/** The words a POSIX shell makes of the command: what curl would be handed. */
function words(command: string, env: Record<string, string> = {}): string[] {
  const out = execFileSync('sh', ['-c', `printf '%s\\0' ${command.replace(/^curl /, '').replaceAll('\\\n', ' ')}`], {
    env: { ...process.env, FAVINDEX_TOKEN: '', ...env },
  });
  return out.toString().split('\0').slice(0, -1);
}

describe('firstEventCommand', () => {
  it('posts one valid sample event to the project with the token filled in', () => {
    const command = firstEventCommand({ origin: 'http://127.0.0.1:3000', projectId: 'my-agent', token: 'fvx_abc', tool: 'github/create_issue', now });
    const argv = words(command);
    expect(argv.slice(0, 3)).toEqual(['-s', '-X', 'POST']);
    expect(argv[3]).toBe('http://127.0.0.1:3000/api/projects/my-agent/events');
    expect(argv).toContain('authorization: Bearer fvx_abc');
    expect(argv).toContain('content-type: application/x-ndjson');
    const body = JSON.parse(argv.at(-1) ?? '');
    expect(toolCallTraceSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ tool: 'github/create_issue', timestamp: '2026-03-01T10:00:00.000Z' });
  });

  it('leaves the token to the shell when there is none at hand', () => {
    const command = firstEventCommand({ origin: 'http://h', projectId: 'p', token: null, tool: null, now });
    expect(words(command, { FAVINDEX_TOKEN: 'fvx_env' })).toContain('authorization: Bearer fvx_env');
    expect(JSON.parse(words(command).at(-1) ?? '').tool).toBe('example/hello');
  });

  it('survives quotes in a tool name', () => {
    const command = firstEventCommand({ origin: 'http://h', projectId: 'p', token: 't', tool: "odd/it's", now });
    expect(JSON.parse(words(command).at(-1) ?? '').tool).toBe("odd/it's");
  });
});

describe('helpers', () => {
  it('quotes for the shell and names the project in the CLI command', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(catalogPushCommand('http://h', 'my-agent')).toBe(
      "favindex catalog push --url 'http://h' -p 'my-agent' --server <name> -- <the MCP server's command>",
    );
    expect(sampleEvent({ tool: null, now }).id).toBe(`first-${now.getTime().toString(36)}`);
  });
});

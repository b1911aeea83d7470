import { describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import type { Io } from '../output';
import { runCli } from '../run';

async function cli(argv: string[], env: Record<string, string> = {}) {
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => (stderr += t), readStdin: async () => '', env };
  return { code: await runCli(argv, io), stderr };
}

describe('favindex proxy, the secret of --listen', () => {
  const base = ['proxy', '-p', 'x', '--url', 'http://127.0.0.1:9', '--config', '/nonexistent/servers.json'];

  it('refuses --secret-file without --listen, and two sources of the secret at once', async () => {
    const alone = await cli([...base, '--secret-file', '/tmp/s']);
    expect(alone.code).toBe(EXIT.BAD_ARGUMENTS);
    expect(alone.stderr).toMatch(/--secret-file is the secret of --listen: without --listen the proxy serves stdio/);
    const both = await cli([...base, '--listen', '127.0.0.1:0', '--secret-file', '/tmp/s'], { FAVINDEX_PROXY_SECRET: 'x'.repeat(40) });
    expect(both.code).toBe(EXIT.BAD_ARGUMENTS);
    expect(both.stderr).toMatch(/both FAVINDEX_PROXY_SECRET and --secret-file give the HTTP secret: say which one/);
  });

  it('still refuses a --listen address off loopback', async () => {
    const off = await cli([...base, '--listen', '0.0.0.0:3390']);
    expect(off.code).toBe(EXIT.BAD_ARGUMENTS);
    expect(off.stderr).toMatch(/serves loopback only/);
  });
});

describe('favindex proxy --help', () => {
  it('tells how to make the proxy fail closed without a tool policy', async () => {
    let stdout = '';
    const io: Io = { stdout: (t) => (stdout += t), stderr: () => {}, readStdin: async () => '', env: {} };
    expect(await runCli(['proxy', '--help'], io)).toBe(EXIT.OK);
    expect(stdout).toMatch(/--require-policy {4}fail closed: until favindex has sent this token's tool policy/);
    expect(stdout).toContain('FAVINDEX_REQUIRE_POLICY=1');
  });
});

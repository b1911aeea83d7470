import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT, stdioClient, type TestClient } from './harness';

/**
 * Argument checks through `favindex proxy` (§arguments), against a server whose `run_report`
 * requires `startDate`: the model's `start` reaches the server in observe mode and is refused
 * with the key it meant in enforce mode, and both calls come back to favindex classed
 * unexpected_param + missing_required.
 */
const favindex = favindexForFile('favindex-arguments-test-');
const { api } = favindex;
let proxy: TestClient;
const id = 'reports';

type Content = { content: { type: string; text?: string }[]; isError?: boolean };
const texts = (result: unknown) => ((result as Content).content ?? []).map((c) => c.text ?? '');

async function received(): Promise<{ name: string; arguments: Record<string, unknown> }[]> {
  return JSON.parse(texts(await proxy.client.callTool({ name: nameOf('received'), arguments: {} }))[0] ?? '[]');
}

let names: string[] = [];
const nameOf = (tool: string) => names.find((n) => n.endsWith(`_${tool}`) || n.endsWith(`/${tool}`)) ?? tool;

async function setChecks(mode: 'observe' | 'enforce'): Promise<void> {
  const current = (await api('GET', `/api/projects/${id}`)).body;
  const res = await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, argumentChecks: mode } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  const token = await projectWithToken(api, id);
  const { dir, stateDir } = proxyFolder(favindex.work, 'proxy');
  const config = path.join(dir, 'servers.json');
  fs.writeFileSync(
    config,
    JSON.stringify({ mcpServers: { reports: { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'report-server.mjs')] } } }),
  );
  proxy = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config, stateDir }));
  names = await eventually(async () => {
    const listed = (await proxy.client.listTools()).tools.map((t) => t.name);
    expect(listed.some((n) => n.endsWith('run_report'))).toBe(true);
    return listed;
  }, 60_000);
});

afterAll(async () => {
  await proxy?.close().catch(() => {});
});

describe('argument checks through favindex proxy', () => {
  it('observe (the default): a call with `start` for `startDate` reaches the server as sent', async () => {
    const result = (await proxy.client.callTool({ name: nameOf('run_report'), arguments: { start: '2026-01-01' } })) as Content;
    expect(result.isError).toBeFalsy();
    expect(await received()).toContainEqual({ name: 'run_report', arguments: { start: '2026-01-01' } });
  });

  it('enforce: the same call is answered isError, naming startDate, and never reaches the server', async () => {
    await setChecks('enforce');
    // The proxy hears of the change at its next poll of the surface: until then it still observes.
    await eventually(async () => {
      const probe = (await proxy.client.callTool({ name: nameOf('run_report'), arguments: { start: 'probe' } })) as Content;
      expect(probe.isError).toBe(true);
    });
    const before = (await received()).length;
    const result = (await proxy.client.callTool({ name: nameOf('run_report'), arguments: { start: '2026-01-02' } })) as Content;
    expect(result.isError).toBe(true);
    const [text, envelope] = texts(result);
    expect(text).toContain('$.startDate: required, and missing');
    expect(text).toContain('$.start: not a parameter of this tool; did you mean `startDate`?');
    expect(JSON.parse(envelope ?? '{}')).toMatchObject({ error_code: 'INVALID_ARGUMENTS', retryable: true, cited_rule: '§arguments' });
    const after = await received();
    expect(after.slice(before).some((c) => c.arguments.start === '2026-01-02')).toBe(false);
  });

  it('enforce: a correct call, and one whose schema does not compile, pass through untouched', async () => {
    const right = (await proxy.client.callTool({ name: nameOf('run_report'), arguments: { startDate: '2026-01-03' } })) as Content;
    expect(right.isError).toBeFalsy();
    expect(texts(right)[0]).toContain('run_report ran with {"startDate":"2026-01-03"}');
    const unchecked = (await proxy.client.callTool({ name: nameOf('lookup'), arguments: { anything: 1 } })) as Content;
    expect(unchecked.isError).toBeFalsy();
    expect(texts(unchecked)[0]).toContain('lookup ran with');
  });

  it('both calls reach favindex classed unexpected_param and missing_required, with the paths and no values', async () => {
    type Listed = { canonical: string | null; status: string; errorCode: string | null; failureClasses: string[] | null; argumentProblems: unknown[] | null };
    const events = await eventually(async () => {
      const listed = (await api('GET', `/api/projects/${id}/events?limit=500`)).body.events as Listed[];
      const wrong = listed.filter((e) => e.canonical === 'reports/run_report' && e.failureClasses?.includes('unexpected_param'));
      expect(wrong.some((e) => e.status === 'ok')).toBe(true);
      expect(wrong.some((e) => e.errorCode === 'invalid_arguments')).toBe(true);
      return wrong;
    }, 30_000);
    for (const e of events) {
      expect(e.failureClasses).toEqual(['missing_required', 'unexpected_param']);
      expect(e.argumentProblems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: '$.startDate', class: 'missing_required' }),
          expect.objectContaining({ path: '$.start', class: 'unexpected_param', suggestion: 'startDate' }),
        ]),
      );
      expect(JSON.stringify(e)).not.toMatch(/2026-01-0|probe/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createLogger, type LogFormat, redactSecrets } from './log';

const TOKEN = `fvx_${'A'.repeat(43)}`;

function capture(format: LogFormat) {
  const out: string[] = [];
  const err: string[] = [];
  const logger = createLogger(format, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { logger, out, err };
}

describe('the server log', () => {
  it('writes one JSON object a line with time, level, msg and the fields, when FAVINDEX_LOG_FORMAT=json', () => {
    const { logger, out, err } = capture('json');
    logger.info('listening on http://127.0.0.1:3000', { port: 3000 });
    logger.error('request failed', { err: new Error('boom\nwith a second line') });
    expect(out).toHaveLength(1);
    expect(err).toHaveLength(1);
    for (const line of [...out, ...err]) expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
    const info = JSON.parse(out[0]!);
    expect(info).toEqual({ time: expect.any(String), level: 'info', msg: 'listening on http://127.0.0.1:3000', port: 3000 });
    expect(new Date(info.time).toISOString()).toBe(info.time);
    const failure = JSON.parse(err[0]!);
    expect(failure).toMatchObject({ level: 'error', msg: 'request failed', err: { type: 'Error', message: 'boom\nwith a second line' } });
    expect(failure.err.stack).toContain('log.test.ts');
  });

  it('keeps its time, level and message when a field has the same name', () => {
    const { logger, out } = capture('json');
    logger.info('the message', { msg: 'another', level: 'error', time: 'never' });
    expect(JSON.parse(out[0]!)).toMatchObject({ level: 'info', msg: 'the message' });
  });

  it('writes text as one line a event, an error with its stack escaped on it', () => {
    const { logger, out, err } = capture('text');
    logger.info('warmed up in 12 ms');
    logger.error('request failed', { err: new Error('boom'), path: '/api/projects' });
    expect(out).toEqual(['[favindex] warmed up in 12 ms\n']);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^\[favindex\] request failed err="Error: boom\\n {4}at .*" path=\/api\/projects\n$/);
  });

  it('never writes a token, an Authorization header, a cookie or a URL password', () => {
    for (const format of ['json', 'text'] as const) {
      const { logger, out, err } = capture(format);
      logger.info(`refused ${TOKEN} for /api/projects/p/events`, {
        headers: { authorization: `Bearer ${TOKEN}`, cookie: 'favindex_session=s3cr3t-session', host: 'localhost' },
        url: `/api/projects/p/preview?token=${TOKEN}`,
        database: 'postgres://favindex:hunter2@db.internal:5432/favindex',
      });
      logger.error('token lookup failed', { err: new Error(`no such token ${TOKEN} (Bearer ${TOKEN})`) });
      const written = [...out, ...err].join('');
      expect(written).not.toContain(TOKEN.slice(4));
      expect(written).not.toContain('s3cr3t-session');
      expect(written).not.toContain('hunter2');
      expect(written).toContain('localhost');
      expect(written).toContain('db.internal:5432');
    }
  });

  it('cuts secrets out of any text', () => {
    expect(redactSecrets(`Authorization: Bearer ${TOKEN}`)).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('cookie: favindex_session=abc.def; theme=dark')).toBe('cookie: favindex_session=[redacted]; theme=dark');
    expect(redactSecrets('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
});

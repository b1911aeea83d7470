import { describe, expect, it } from 'vitest';
import { validateEvent } from './validate-event';

const now = Date.parse('2026-12-01T10:00:00Z');
const good = { id: 'e1', timestamp: '2026-12-01T09:59:00Z', tool: 'fav_github_get_issue', canonical: 'github/get_issue', status: 'ok' };

describe('validateEvent', () => {
  it('takes a proxy’s usual event as the schema reads it, status defaulted and a numeric errorCode as text', () => {
    const { status: _status, ...noStatus } = good;
    expect(validateEvent(0, { ...noStatus, errorCode: 404 }, now)).toMatchObject({ index: 0, status: 'ok', errorCode: '404', at: Date.parse(good.timestamp) });
  });

  it('words a refused event plainly, by its field, not in zod’s own words', () => {
    expect(validateEvent(3, { ...good, tool: 7 }, now)).toEqual({ index: 3, error_code: 'VALIDATION_FAILED', message: 'tool: must be text, not a number' });
    expect(validateEvent(4, { ...good, id: undefined }, now)).toEqual({ index: 4, error_code: 'VALIDATION_FAILED', message: expect.stringMatching(/^id: /) });
  });
});

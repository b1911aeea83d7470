import { describe, expect, it } from 'vitest';
import { refusalText } from './refused-scope';

describe('refusalText', () => {
  const now = Date.parse('2026-12-01T10:02:00Z');
  it('says what a proxy token without catalog:write cannot do, and that a proxy token fixes it', () => {
    expect(refusalText({ scope: 'catalog:write', at: '2026-12-01T10:00:00Z' }, now)).toBe(
      'refused catalog:write 2 min ago: it cannot upload the catalog; make a token for a proxy',
    );
  });
  it('names the scope to add when a proxy would not need it', () => {
    expect(refusalText({ scope: 'usage:read', at: '2026-12-01T10:01:30Z' }, now)).toBe(
      'refused usage:read 30s ago: it cannot read usage or suggestions; make a token with usage:read',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps paths of this server', () => {
    expect(safeNextPath('/projects/demo/tokens?x=1')).toBe('/projects/demo/tokens?x=1');
  });

  it('refuses anything that would leave the server, or loop back to the login', () => {
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login?next=/x', '', null, '/a\nb']) {
      expect(safeNextPath(next)).toBe('/');
    }
  });
});

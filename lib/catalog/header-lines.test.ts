import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from './header-lines';

describe('parseHeaderLines', () => {
  it('reads Name: value lines, keeping colons inside values', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b\n\n  X-Tenant:acme  \n')).toEqual({
      headers: { Authorization: 'Bearer a:b', 'X-Tenant': 'acme' },
      error: null,
    });
  });

  it('names the line that is not a header', () => {
    expect(parseHeaderLines('X-A: 1\nBearer abc').error).toBe('line 2: write a header as Name: value');
    expect(parseHeaderLines(': value').error).toBe('line 1: write a header as Name: value');
  });
});

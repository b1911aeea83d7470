import { describe, expect, it } from 'vitest';
import { displayUrl, maskHeaders, syncRegistrationSchema } from './catalog-sync';

describe('catalog sync registration', () => {
  it('never shows a header value, only which Authorization scheme is set', () => {
    expect(maskHeaders({ Authorization: 'Bearer abc.def', 'X-Api-Key': 'Bearer-ish secret', authorization2: 'Basic x', Cookie: 'Bearer' })).toEqual({
      Authorization: 'Bearer ••••••',
      'X-Api-Key': '••••••',
      authorization2: '••••••',
      Cookie: '••••••',
    });
    expect(maskHeaders(null)).toEqual({});
  });

  it('masks a password in the URL', () => {
    expect(displayUrl('https://bot:hunter2@mcp.example.com/mcp')).toBe('https://bot:***@mcp.example.com/mcp');
    expect(displayUrl('http://127.0.0.1:3342/mcp')).toBe('http://127.0.0.1:3342/mcp');
  });

  it('takes an http(s) URL, clean headers and an interval of a minute to a week', () => {
    expect(syncRegistrationSchema.parse({ url: 'https://mcp.example.com/mcp' })).toEqual({ url: 'https://mcp.example.com/mcp', intervalSeconds: 3_600 });
    const bad = (value: object) => syncRegistrationSchema.safeParse(value).success;
    expect(bad({ url: 'file:///etc/passwd' })).toBe(false);
    expect(bad({ url: 'https://x/mcp', headers: { 'Mcp-Session-Id': 'x' } })).toBe(false);
    expect(bad({ url: 'https://x/mcp', headers: { 'X-A': 'a', 'x-a': 'b' } })).toBe(false);
    expect(bad({ url: 'https://x/mcp', headers: { 'Bad Name': 'a' } })).toBe(false);
    expect(bad({ url: 'https://x/mcp', intervalSeconds: 59 })).toBe(false);
    expect(bad({ url: 'https://x/mcp', intervalSeconds: null })).toBe(true);
  });
});

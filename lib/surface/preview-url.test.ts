import { describe, expect, it } from 'vitest';
import { customCapProblem, readPreviewUrl } from './preview-url';

describe('customCapProblem', () => {
  it('accepts a whole number in range', () => {
    expect(customCapProblem('40')).toBeNull();
    expect(customCapProblem(' 1 ')).toBeNull();
    expect(customCapProblem('100000')).toBeNull();
  });

  it('says what to enter in plain words, never in validator wording', () => {
    expect(customCapProblem('')).toBe('Enter the cap: a whole number of tools from 1 to 100,000.');
    expect(customCapProblem('0')).toBe('The cap must be at least 1 tool.');
    expect(customCapProblem('100001')).toBe('The cap is at most 100,000 tools.');
    for (const text of ['1.5', '-3', 'ten', '1e3']) expect(customCapProblem(text)).toBe('The cap is a whole number of tools from 1 to 100,000.');
  });
});

describe('the preview in the URL', () => {
  it('reads a known target and mode, and ignores unknown ones', () => {
    expect(readPreviewUrl(new URLSearchParams('target=custom&cap=12&open=lazy'))).toEqual({ target: 'custom', cap: '12', open: 'lazy', protocol: null });
    expect(readPreviewUrl(new URLSearchParams('target=nope&open=nope&protocol=2024-11-05'))).toEqual({ target: null, cap: null, open: null, protocol: null });
    expect(readPreviewUrl(new URLSearchParams('protocol=2026-07-28')).protocol).toBe('2026-07-28');
  });
});

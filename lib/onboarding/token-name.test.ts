import { describe, expect, it } from 'vitest';
import { unusedTokenName } from './token-name';

describe('unusedTokenName', () => {
  it('offers the name itself, else the first "(n)" no live token has', () => {
    expect(unusedTokenName('first proxy', ['ci'])).toBe('first proxy');
    expect(unusedTokenName('first proxy', ['first proxy', 'first proxy (2)', 'first proxy (4)'])).toBe('first proxy (3)');
  });
});

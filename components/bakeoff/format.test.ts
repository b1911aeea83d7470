import { describe, expect, it } from 'vitest';
import { bakeoffValueParts } from './format';

const written = (...args: Parameters<typeof bakeoffValueParts>) => {
  const { estimate, bounds } = bakeoffValueParts(...args);
  return bounds ? `${estimate} ${bounds}` : estimate;
};

describe('bake-off values as the table shows them', () => {
  it('writes shares in per cent and means to two places, each with its interval', () => {
    expect(written('targetFirst', { estimate: 0.4, low: 0.2312, high: 0.6, n: 10 })).toBe('40% [23%, 60%]');
    expect(written('toolCalls', { estimate: 1.6, low: 1.25, high: 1.95, n: 10 })).toBe('1.6 [1.25, 1.95]');
    expect(written('inputTokensPerTurn', { estimate: 21_000, low: 20_500.4, high: 21_499.6, n: 10 })).toBe('21000 [20500, 21500]');
  });

  it('leaves out bounds one run cannot give, and says "–" where nothing was measured', () => {
    expect(written('wallMs', { estimate: 900, low: null, high: null, n: 1 })).toBe('900');
    expect(written('cachedTokens', { estimate: null, low: null, high: null, n: 0 })).toBe('–');
  });
});

import { describe, expect, it } from 'vitest';
import { itemAt } from './arrays';

describe('itemAt', () => {
  it('reads an item inside the bounds, of arrays and typed arrays', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt(new Float64Array([0, 2.5]), 1)).toBe(2.5);
    expect(itemAt([0], 0)).toBe(0);
  });

  it('throws outside them', () => {
    expect(() => itemAt([1, 2], 2)).toThrow(RangeError);
    expect(() => itemAt([1, 2], -1)).toThrow(RangeError);
  });
});

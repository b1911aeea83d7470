import { describe, expect, it } from 'vitest';
import { isOneOf, keysOf, recordOf } from './records';

describe('records', () => {
  it('isOneOf accepts members only', () => {
    expect(isOneOf(['a', 'b'], 'a')).toBe(true);
    expect(isOneOf(['a', 'b'], 'c')).toBe(false);
    expect(isOneOf(['a', 'b'], null)).toBe(false);
  });

  it('recordOf gives each key an entry, in order', () => {
    expect(recordOf(['x', 'y'], (key, i) => `${key}${i}`)).toEqual({ x: 'x0', y: 'y1' });
  });

  it('keysOf lists the keys of a constant', () => {
    expect(keysOf({ a: 1, b: 2 })).toEqual(['a', 'b']);
  });
});

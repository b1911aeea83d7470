import { describe, expect, it } from 'vitest';
import { fieldOf, isObject, isOneOf, isRecord, keysOf, recordOf } from './records';

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

describe('reading unknown values', () => {
  it('isRecord and isObject tell objects apart', () => {
    expect(isRecord([])).toBe(true);
    expect(isObject([])).toBe(false);
    expect(isObject({})).toBe(true);
    expect(isRecord(null)).toBe(false);
  });

  it('fieldOf reads a property of an object, undefined otherwise', () => {
    expect(fieldOf({ code: 'E' }, 'code')).toBe('E');
    expect(fieldOf(null, 'code')).toBeUndefined();
    expect(fieldOf('text', 'length')).toBeUndefined();
  });
});

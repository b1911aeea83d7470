import { describe, expect, it } from 'vitest';
import { findNul } from './nul';

describe('findNul', () => {
  it('gives the path of the first string PostgreSQL cannot store, or null', () => {
    expect(findNul({ a: 'ok', b: ['x', { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findNul(['fine', 'lone \ud800 surrogate'])).toEqual([1]);
    expect(findNul({ 'key\u0000': 1 })).toEqual(['key\u0000']);
    expect(findNul('top\u0000')).toEqual([]);
    expect(findNul({ a: 1, b: null, c: [true, { d: 'emoji 😀 is fine' }] })).toBeNull();
  });

  it('keeps the path it was given as the prefix', () => {
    expect(findNul({ x: 'a\u0000' }, ['events', 3])).toEqual(['events', 3, 'x']);
  });
});

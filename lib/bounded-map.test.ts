import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the least recently used entry past its limit', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, undefined, 3]);
    expect(map.size).toBe(2);
  });

  it('with a weight, holds the summed weight under the limit, oldest out first', () => {
    const map = new BoundedMap<string, string>(10, (text) => text.length);
    map.set('a', 'xxxx');
    map.set('b', 'yyyy');
    map.set('c', 'zzzz');
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 'yyyy', 'zzzz']);
  });

  it('keeps no value heavier than the whole limit, and leaves the others', () => {
    const map = new BoundedMap<string, string>(10, (text) => text.length);
    map.set('a', 'xxxx');
    map.set('big', 'y'.repeat(11));
    expect([map.get('a'), map.get('big')]).toEqual(['xxxx', undefined]);
  });

  it('gives back the weight of what is replaced, deleted or cleared', () => {
    const map = new BoundedMap<string, string>(10, (text) => text.length);
    map.set('a', 'x'.repeat(8));
    map.set('a', 'xx');
    map.set('b', 'y'.repeat(8));
    expect([map.get('a'), map.get('b')]).toEqual(['xx', 'y'.repeat(8)]);
    map.deleteWhere((_, key) => key === 'b');
    map.set('c', 'z'.repeat(8));
    expect(map.get('a')).toBe('xx');
    map.clear();
    map.set('d', 'w'.repeat(10));
    expect([map.size, map.get('d')]).toEqual([1, 'w'.repeat(10)]);
  });
});

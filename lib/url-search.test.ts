import { describe, expect, it } from 'vitest';
import { parseSort, sortValue, withSearch } from './url-search';

describe('url search state', () => {
  it('sets and removes keys, keeping the others', () => {
    const next = withSearch(new URLSearchParams('client=cursor&cap=9'), { target: 'openai', cap: null, open: '' });
    expect(next.toString()).toBe('client=cursor&target=openai');
  });

  it('reads a sort back from what it wrote, and only for columns the table has', () => {
    const sort = { column: 'calls', direction: 'descending' } as const;
    expect(parseSort(sortValue(sort), ['name', 'calls'])).toEqual(sort);
    expect(parseSort('name.asc', ['name'])).toEqual({ column: 'name', direction: 'ascending' });
    expect(parseSort('calls.desc', ['name'])).toBeNull();
    expect(parseSort('calls.sideways', ['calls'])).toBeNull();
    expect(parseSort(null, ['calls'])).toBeNull();
  });
});

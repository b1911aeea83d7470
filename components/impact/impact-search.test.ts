import { describe, expect, it } from 'vitest';
import { impactSearch, parseImpactSearch } from './impact-search';

describe('the Impact page URL', () => {
  it('reads the change by revision or favourites version, and the window, ignoring nonsense', () => {
    expect(parseImpactSearch(new URLSearchParams('favouritesVersion=3'))).toEqual({ revision: undefined, favouritesVersion: 3, window: '14d' });
    expect(parseImpactSearch(new URLSearchParams('revision=7&window=30d'))).toMatchObject({ revision: 7, window: '30d' });
    expect(parseImpactSearch(new URLSearchParams('revision=-1&window=5y'))).toEqual({ revision: undefined, favouritesVersion: undefined, window: '14d' });
  });

  it('writes a revision picked on the page over the version the page was opened with', () => {
    expect(impactSearch({ revision: 4, favouritesVersion: 3, window: '14d' })).toBe('revision=4');
    expect(impactSearch({ favouritesVersion: 3, window: '30d' })).toBe('favouritesVersion=3&window=30d');
  });
});

import { describe, expect, it } from 'vitest';
import { matchSurfacePath } from './node-bridge';

describe('matchSurfacePath', () => {
  it('matches only the surface path of a project', () => {
    expect(matchSurfacePath('/api/projects/demo/surface')).toEqual({ id: 'demo' });
    expect(matchSurfacePath('/api/projects/demo/surface?mode=lazy')).toEqual({ id: 'demo' });
    expect(matchSurfacePath('/api/projects/my%20proj/surface')).toEqual({ id: 'my proj' });
    expect(matchSurfacePath('/api/projects/demo/surfaces')).toBeNull();
    expect(matchSurfacePath('/api/projects/demo/surface/x')).toBeNull();
    expect(matchSurfacePath('/api/projects/a/b/surface')).toBeNull();
    expect(matchSurfacePath('/api/projects/%E0%A4%A/surface')).toBeNull();
  });
});

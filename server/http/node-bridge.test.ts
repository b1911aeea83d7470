import { describe, expect, it } from 'vitest';
import { matchEventsPath, matchSurfacePath } from './node-bridge';

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

  it('matches only the events path of a project', () => {
    expect(matchEventsPath('/api/projects/demo/events')).toEqual({ id: 'demo' });
    expect(matchEventsPath('/api/projects/my%20proj/events')).toEqual({ id: 'my proj' });
    expect(matchEventsPath('/api/projects/demo/events/x')).toBeNull();
    expect(matchEventsPath('/api/projects/demo/eventsx')).toBeNull();
    expect(matchEventsPath('/api/projects/demo/otlp/v1/traces')).toBeNull();
    expect(matchEventsPath('/api/projects/%E0%A4%A/events')).toBeNull();
  });
});

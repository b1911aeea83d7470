import { describe, expect, it } from 'vitest';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { describeRevision, RevisionTimeline, surfaceChanges } from './revisions';

describe('RevisionTimeline', () => {
  const timeline = new RevisionTimeline([
    { revision: 2, at: 2_000, mode: 'lazy' },
    { revision: 1, at: 1_000, mode: 'favindex' },
    { revision: 3, at: 3_000, mode: 'lazy' },
  ]);

  it('finds the revision in force at a time; before the first, the first', () => {
    expect(timeline.at(500).revision).toBe(1);
    expect(timeline.at(1_999).revision).toBe(1);
    expect(timeline.at(2_000).revision).toBe(2);
    expect(timeline.at(9_999).revision).toBe(3);
    expect(timeline.latest).toBe(3);
  });

  it('keeps a revision the event names, and ignores one the project does not have', () => {
    expect(timeline.resolve({ surfaceRevision: 1, at: 2_500 })).toEqual({ revision: 1, mode: 'favindex' });
    expect(timeline.resolve({ surfaceRevision: 9, at: 2_500 })).toEqual({ revision: 2, mode: 'lazy' });
    expect(timeline.resolve({ at: 2_500, mode: 'eager' })).toEqual({ revision: 2, mode: 'eager' });
  });

  it('refuses an empty history: every project starts with revision 1', () => {
    expect(() => new RevisionTimeline([])).toThrow();
  });
});

describe('surfaceChanges and describeRevision', () => {
  it('names the mode, the naming and anything else that changed', () => {
    const base = defaultSurfaceConfig();
    expect(surfaceChanges(base, { ...base })).toEqual([]);
    expect(surfaceChanges(base, { ...base, mode: 'lazy' })).toEqual(['mode']);
    expect(surfaceChanges(base, { ...base, naming: 'slash' })).toEqual(['naming']);
    expect(surfaceChanges(base, { ...base, target: 'groq', mode: 'eager' })).toEqual(['mode', 'surface']);
  });

  it('describes a change in one line', () => {
    const previous = { changed: ['created'], mode: 'favindex', naming: 'slash' };
    expect(describeRevision({ changed: ['favourites'], mode: 'favindex', naming: 'slash', favourites: 'pinned a/b' }, previous)).toBe('favourites: pinned a/b');
    expect(describeRevision({ changed: ['mode', 'naming'], mode: 'lazy', naming: 'safe' }, previous)).toBe(
      'mode favourites first → lazy · naming slash → safe',
    );
    expect(describeRevision(previous, null)).toBe('created in mode favourites first');
    const catalog = [
      { server: 'github', version: 3 },
      { server: 'jira', version: 2 },
    ];
    expect(describeRevision({ changed: ['catalog'], mode: 'favindex', naming: 'slash', catalog: catalog.slice(0, 1) }, previous)).toBe(
      'catalog: github changed',
    );
    expect(describeRevision({ changed: ['catalog'], mode: 'favindex', naming: 'slash', catalog }, previous)).toBe('catalog: github, jira changed');
  });
});

import { describe, expect, it } from 'vitest';
import type { ProjectChanges } from '@/lib/contracts/changes';
import { movedTopics } from './use-live-updates';

const at = (epoch: string, versions: Partial<ProjectChanges['versions']> = {}): ProjectChanges => ({
  project: 'p',
  epoch,
  versions: { project: 0, catalog: 0, events: 0, favourites: 0, proxies: 0, tokens: 0, findability: 0, ...versions },
});

describe('movedTopics', () => {
  it('names the topics whose counters moved, and nothing when none did', () => {
    expect(movedTopics(at('a', { events: 2 }), at('a', { events: 2 }))).toEqual([]);
    expect(movedTopics(at('a', { events: 2 }), at('a', { events: 3, proxies: 1 }))).toEqual(['events', 'proxies']);
  });

  it('names every topic after a restart, whose counters start again', () => {
    expect(movedTopics(at('a', { events: 5 }), at('b'))).toHaveLength(7);
  });
});

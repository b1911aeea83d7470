import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from './catalogs';
import { generateDemo } from './generate';

const DAY = 86_400_000;
const midnight = Date.parse('2026-12-04T00:00:00Z');

describe('the demo traffic', () => {
  it('is the same story whatever hour it is generated at: the days before today, and the favourites changes, do not move', () => {
    const early = generateDemo(DEMO_SERVERS, { now: midnight + 2 * 3_600_000 });
    const late = generateDemo(DEMO_SERVERS, { now: midnight + 21 * 3_600_000 + 17 * 60_000 });
    const beforeToday = (events: typeof early.events) => events.filter((e) => Date.parse(e.timestamp) < midnight);
    expect(beforeToday(early.events).length).toBeGreaterThan(10_000);
    expect(beforeToday(late.events)).toEqual(beforeToday(early.events));
    expect(late.favourites).toEqual(early.favourites);
    expect(early.favourites.map((f) => (midnight - f.at) / DAY)).toEqual([31, 24, 11]);
    // Today goes on: the later hour has more of it, and nothing after its own now.
    expect(late.events.length).toBeGreaterThan(early.events.length);
    expect(late.events.every((e) => Date.parse(e.timestamp) <= midnight + 21 * 3_600_000 + 17 * 60_000)).toBe(true);
  });

  it('gives every event its own id, and a session only to one client', () => {
    const { events } = generateDemo(DEMO_SERVERS, { now: midnight + 12 * 3_600_000, days: 7 });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const clientOf = new Map<string, string>();
    for (const e of events) {
      expect(clientOf.get(e.sessionId) ?? e.client, e.sessionId).toBe(e.client);
      clientOf.set(e.sessionId, e.client);
    }
  });
});

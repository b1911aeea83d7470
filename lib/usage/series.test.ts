import { describe, expect, it } from 'vitest';
import { dailySeries } from './series';

describe('dailySeries', () => {
  it('has every day of the window, zeros included, and splits calls by kind and namespace', () => {
    const { series, totals } = dailySeries(
      ['2026-11-27', '2026-11-28', '2026-11-29'],
      [
        { day: '2026-11-27', kind: 'tool', namespace: 'favourite', calls: 4 },
        { day: '2026-11-27', kind: 'tool', namespace: 'all', calls: 2 },
        { day: '2026-11-29', kind: 'unresolved', namespace: 'typed', calls: 1 },
        { day: '2026-11-29', kind: 'meta', namespace: 'meta', calls: 3 },
        { day: '2026-11-01', kind: 'tool', namespace: 'all', calls: 99 },
      ],
    );
    expect(series.map((d) => d.day)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(series[0]).toMatchObject({ calls: 6, attributed: 6, unresolved: 0, meta: 0, namespaces: { favourite: 4, all: 2, typed: 0 } });
    expect(series[1]).toMatchObject({ calls: 0, namespaces: { favourite: 0, all: 0, typed: 0, invoke: 0, canonical: 0, bare: 0, meta: 0 } });
    expect(series[2]).toMatchObject({ calls: 4, unresolved: 1, meta: 3, namespaces: { typed: 1, meta: 3 } });
    // A row outside the window's days counts nowhere.
    expect(totals).toEqual({ calls: 10, attributed: 6, unresolved: 1, meta: 3 });
  });
});

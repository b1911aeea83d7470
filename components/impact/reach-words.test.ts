import { describe, expect, it } from 'vitest';
import type { ReachSegment } from '@/lib/contracts/impact';
import { compactChange, reachWords, sampleWords } from './reach-words';

const segment = (before: number, after: number, of = before): ReachSegment => ({
  dimension: 'all',
  value: null,
  before: { sessions: of, sampled: before },
  after: { sessions: of, sampled: after },
  enoughData: before >= 30 && after >= 30,
  measures: [],
  tools: [],
});

describe('reach in words', () => {
  it('says the shares, the change in points and its interval', () => {
    const result = {
      measure: 'loadedByChange' as const,
      before: 1 / 3,
      after: 1,
      difference: { estimate: 2 / 3, low: 0.55, high: 0.78 },
      verdict: 'higher' as const,
    };
    expect(reachWords(result, segment(60, 60), 30)).toBe('33% → 100% (+67 points, 95% interval +55 to +78 points)');
    const down = { ...result, before: 0.5, after: 0.2, difference: { estimate: -0.3, low: -0.41, high: -0.04 } };
    expect(reachWords(down, segment(60, 60), 30)).toBe('50% → 20% (−30 points, 95% interval −41 to −4 points)');
    expect(compactChange(result)).toBe('+67 points [+55, +78]');
  });

  it('says why there is no interval', () => {
    const result = { measure: 'usedLoaded' as const, before: 0.2, after: 0.9, difference: null, verdict: 'not-enough-data' as const };
    expect(reachWords(result, segment(10, 12), 30)).toBe('20% → 90% (not enough data: 10 sessions before, 12 after; 30 needed on each side)');
  });

  it('says how many sessions were read', () => {
    expect(sampleWords(segment(120, 120))).toBe('read all 120 sessions before · all 120 sessions after');
    expect(sampleWords(segment(1000, 1000, 5001))).toBe('read 1,000 of 5,001 sessions before · 1,000 of 5,001 sessions after');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { compareSessions, type SessionCellRow } from '@/lib/impact/compare';
import { IMPACT_SETTINGS } from '@/lib/impact/settings';
import { seededRandom } from '@/lib/stats/random';
import { MeasuresTable } from './measures-table';
import { SegmentPanel } from './segment-panel';

/** Sessions of two models; after the change model-a makes 40% fewer meta calls, model-b the same. */
function sessions(model: string, n: number, meta: number, rand: () => number): SessionCellRow[] {
  return Array.from({ length: n }, () => {
    let metaCalls = 0;
    for (let p = rand(); p > Math.exp(-meta); p *= rand()) metaCalls++;
    return {
      model,
      client: 'cli',
      mode: 'favindex',
      calls: metaCalls + 4,
      errors: 0,
      favouriteCalls: 2,
      metaCalls,
      offCatalogCalls: 0,
      callsBeforeSuccess: metaCalls,
      firstCallFailed: false,
      checkedCalls: 0,
      wellFormedCalls: 0,
      firstToolRight: null,
      sessions: 1,
    };
  });
}

const rand = seededRandom(11);
const segments = compareSessions(
  [...sessions('model-a', 200, 2.5, rand), ...sessions('model-b', 200, 2.5, rand)],
  [...sessions('model-a', 200, 1.5, rand), ...sessions('model-b', 200, 2.5, rand)],
  { ...IMPACT_SETTINGS, seed: 1 },
);

const rowOf = (name: RegExp) => within(screen.getByTestId('impact-segments')).getByRole('row', { name });

describe('the impact tables', () => {
  it('show the planted drop for one model as lower and better, with an interval around −40%, and no change for the other', () => {
    render(<SegmentPanel segments={segments} measure="metaPerSession" onMeasure={() => {}} />);
    const a = rowOf(/model: model-a/);
    expect(a.textContent).toContain('↓ lower · better');
    expect(a.textContent).toContain('200 → 200');
    const interval = a.querySelector('[data-low]')!;
    expect(interval.getAttribute('data-kind')).toBe('relative');
    expect(Number(interval.getAttribute('data-low'))).toBeLessThan(-0.4);
    expect(Number(interval.getAttribute('data-high'))).toBeGreaterThan(-0.4);
    expect(interval.textContent).toMatch(/^−\d+% \[−\d+%, −\d+%\]$/);
    expect(rowOf(/model: model-b/).textContent).toContain('no clear change');
  });

  it('switch the measure the panel shows', async () => {
    const onMeasure = vi.fn();
    render(<SegmentPanel segments={segments} measure="metaPerSession" onMeasure={onMeasure} />);
    await userEvent.selectOptions(screen.getByLabelText('Measure'), 'Error rate');
    expect(onMeasure).toHaveBeenCalledWith('errorRate');
  });

  it('say "not enough data" without an interval below the minimum', () => {
    const few = compareSessions(sessions('m', 10, 2, rand), sessions('m', 10, 2, rand), { ...IMPACT_SETTINGS, seed: 1 });
    render(<MeasuresTable segment={few[0]!} />);
    const table = screen.getByTestId('impact-measures');
    const row = within(table).getByRole('row', { name: /Meta calls per session/ });
    expect(row.textContent).toContain('not enough data');
    expect(row.textContent).toContain('—');
  });
});

import { describe, expect, it } from 'vitest';
import { parseWindowChoice, usageParams, windowChoiceSearch } from './window-choice';

const parse = (query: string) => parseWindowChoice(new URLSearchParams(query));

describe('the usage window in the URL', () => {
  it('reads a preset, a custom range and the status, and writes them back the same', () => {
    expect(parse('').choice).toEqual({ kind: 'preset', window: '30d', status: 'all' });
    const preset = parse('window=7d&status=ok');
    expect(preset).toEqual({ choice: { kind: 'preset', window: '7d', status: 'ok' }, problem: null });
    expect(windowChoiceSearch(preset.choice)).toBe('window=7d&status=ok');
    const custom = parse('from=2026-11-01&to=2026-11-10');
    expect(custom.choice).toEqual({ kind: 'custom', from: '2026-11-01', to: '2026-11-10', status: 'all' });
    expect(windowChoiceSearch(custom.choice)).toBe('from=2026-11-01&to=2026-11-10');
  });

  it('changes only the window keys, so a table sort in the URL stays', () => {
    const current = new URLSearchParams('sort=calls.desc&from=2026-11-01&to=2026-11-10');
    expect(windowChoiceSearch(parse('window=7d').choice, current)).toBe('sort=calls.desc&window=7d');
    expect(windowChoiceSearch(parse('from=2026-10-01&to=2026-10-31&status=ok').choice, new URLSearchParams('window=7d&sort=name.asc'))).toBe(
      'sort=name.asc&from=2026-10-01&to=2026-10-31&status=ok',
    );
  });

  it('turns a custom range into the API window: its day count ending on its last day', () => {
    expect(usageParams(parse('from=2026-11-01&to=2026-11-10').choice)).toEqual({ window: '10d', until: '2026-11-10', status: 'all' });
    expect(usageParams(parse('window=90d').choice)).toEqual({ window: '90d', status: 'all' });
  });

  it('falls back to 30d and says why for a range that cannot be a window', () => {
    expect(parse('from=2026-11-10&to=2026-11-01').problem).toMatch(/ends before it starts/);
    expect(parse('from=2024-01-01&to=2026-01-01').problem).toMatch(/at most 365 days/);
    expect(parse('from=2026-11-01').problem).toMatch(/two dates/);
    expect(parse('window=0d')).toMatchObject({ choice: { window: '30d' }, problem: expect.stringMatching(/'0d' is not a window/) });
  });
});

import { withSearch } from '@/lib/url-search';
import { daysBetween, MAX_WINDOW_DAYS } from '@/lib/usage/window';

export const PRESET_WINDOWS = ['7d', '30d', '90d'] as const;
export const DEFAULT_WINDOW = '30d';

/** The usage page's window as the URL holds it: a preset (`?window=30d`) or a custom range (`?from=…&to=…`). */
export type WindowChoice = { kind: 'preset'; window: string; status: 'all' | 'ok' } | { kind: 'custom'; from: string; to: string; status: 'all' | 'ok' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string | null): value is string {
  return value !== null && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Read the choice from the URL; anything unusable falls back to the default, with a note saying so. */
export function parseWindowChoice(search: URLSearchParams): { choice: WindowChoice; problem: string | null } {
  const status = search.get('status') === 'ok' ? 'ok' : 'all';
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null || to !== null) {
    if (!isDate(from) || !isDate(to)) return fallback(status, 'The custom range needs two dates.');
    const days = daysBetween(from, to);
    if (days < 1) return fallback(status, 'The custom range ends before it starts.');
    if (days > MAX_WINDOW_DAYS) return fallback(status, `A window is at most ${MAX_WINDOW_DAYS} days.`);
    return { choice: { kind: 'custom', from, to, status }, problem: null };
  }
  const window = search.get('window') ?? DEFAULT_WINDOW;
  const days = /^\d{1,3}d$/.test(window) ? Number(window.slice(0, -1)) : 0;
  if (days < 1 || days > MAX_WINDOW_DAYS) return fallback(status, `'${window}' is not a window; showing ${DEFAULT_WINDOW}.`);
  return { choice: { kind: 'preset', window, status }, problem: null };
}

function fallback(status: 'all' | 'ok', problem: string) {
  return { choice: { kind: 'preset' as const, window: DEFAULT_WINDOW, status }, problem };
}

/** The query string that holds the choice, keeping what else `current` holds (a table's sort). */
export function windowChoiceSearch(choice: WindowChoice, current = new URLSearchParams()): string {
  const custom = choice.kind === 'custom';
  return withSearch(current, {
    window: custom ? null : choice.window,
    from: custom ? choice.from : null,
    to: custom ? choice.to : null,
    status: choice.status === 'ok' ? 'ok' : null,
  }).toString();
}

/** The usage API's parameters for the choice: a custom range is its day count ending at `to`. */
export function usageParams(choice: WindowChoice): { window: string; until?: string; status: 'all' | 'ok' } {
  if (choice.kind === 'custom') return { window: `${daysBetween(choice.from, choice.to)}d`, until: choice.to, status: choice.status };
  return { window: choice.window, status: choice.status };
}

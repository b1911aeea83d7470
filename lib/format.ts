const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

export function formatPercent(share: number, digits = 1): string {
  return `${(share * 100).toFixed(digits)}%`;
}

/** "3 min ago", "2 d ago": for timestamps in tables. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 0) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

export function formatDateTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** The first line of a description, cut to `max` characters with an ellipsis. */
export function firstLine(text: string | undefined, max = 160): string {
  if (!text) return '';
  const [line = ''] = text.split('\n');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "1 server", "2 servers", "1,204 tools": a count with its noun, singular for exactly one. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "a, b, c", or "a, b, c, d, e and 7 more" past `shown` items: a list a line can hold. */
export function someOf(items: readonly string[], shown = 5): string {
  const more = items.length - shown;
  return more > 0 ? `${items.slice(0, shown).join(', ')} and ${formatNumber(more)} more` : items.join(', ');
}

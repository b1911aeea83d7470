/**
 * Headers typed one per line as `Name: value` (how people copy them from curl or docs).
 * Blank lines are skipped; a line without a colon is reported with its number.
 */
export function parseHeaderLines(text: string): { headers: Record<string, string>; error: string | null } {
  const headers: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { headers, error: `line ${i + 1}: write a header as Name: value` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers, error: null };
}

import { lineSpan } from '@/lib/text';

/**
 * The characters a YAML issue is about, to select in the editor: from its column to the end of
 * the key or value written there (a key stops at its colon), so the selection sits on the word to
 * change rather than on the whole line. A column past the text selects the line.
 */
export function issueSpan(text: string, line: number, column: number): { start: number; end: number } {
  const span = lineSpan(text, line);
  const start = span.start + Math.max(0, column - 1);
  if (start >= span.end) return span;
  const rest = text.slice(start, span.end);
  const token = /^[^\s:#,\]}]+(?::(?=\S)[^\s:#,\]}]*)*/.exec(rest)?.[0] ?? '';
  return token ? { start, end: start + token.length } : span;
}

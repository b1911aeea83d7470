/** True when the text holds an ASCII control character (U+0000–U+001F or U+007F). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Where line `line` (1-based) of the text starts and ends, without its line break; past the end, the last line. */
export function lineSpan(text: string, line: number): { start: number; end: number } {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return { start, end: end < 0 ? text.length : end };
}

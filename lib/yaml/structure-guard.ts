import { CST, Lexer, type LineCounter } from 'yaml';

/** Deeper flow nesting than this is refused before parsing (the parser recurses per level). */
export const MAX_FLOW_DEPTH = 32;
/** Block content starting further right than this is refused: a project document nests 4 levels. */
export const MAX_CONTENT_COLUMN = 200;

// The lexer's control tokens take no room in the source.
const ZERO_WIDTH = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);
const INDENTATION = new Set(['space', 'newline', 'comment']);
const NOT_CONTENT = new Set(['space', 'newline', 'comment', 'seq-item-ind', 'explicit-key-ind', 'map-value-ind', 'byte-order-mark']);

export interface StructureProblem {
  offset: number;
  message: string;
}

/**
 * The yaml parser recurses once per nesting level, so a small document of a few thousand `[`
 * or `- - - …` exhausts the stack or the heap. This pass runs the streaming lexer alone, which
 * is iterative, and stops at the first token past the limits.
 */
export function findStructureProblem(text: string): StructureProblem | null {
  let offset = 0;
  let lineStart = 0;
  let contentSeen = false;
  let flowDepth = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'flow-seq-start' || type === 'flow-map-start') {
      flowDepth++;
      if (flowDepth > MAX_FLOW_DEPTH) {
        return { offset, message: `collections are nested more than ${MAX_FLOW_DEPTH} levels deep` };
      }
    } else if (type === 'flow-seq-end' || type === 'flow-map-end') {
      flowDepth = Math.max(0, flowDepth - 1);
    } else if (type === 'doc-start' || type === 'doc-end') {
      flowDepth = 0;
    }
    if (!ZERO_WIDTH.has(token)) {
      if (!contentSeen && !INDENTATION.has(type ?? '') && offset - lineStart > MAX_CONTENT_COLUMN) {
        return { offset, message: `content starts past column ${MAX_CONTENT_COLUMN}: the document is nested too deeply` };
      }
      if (type === 'newline') contentSeen = false;
      else if (!NOT_CONTENT.has(type ?? '')) contentSeen = true;
      const lastNewline = token.lastIndexOf('\n');
      offset += token.length;
      if (lastNewline >= 0) lineStart = offset - (token.length - lastNewline - 1);
    }
  }
  return null;
}

export function linePosition(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** Line and column (1-based) of an offset, for problems found before the parser ran. */
export function positionInText(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastNewline = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastNewline };
}

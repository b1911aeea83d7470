import { CST, type LineCounter } from 'yaml';
import { MAX_YAML_KEYS_PER_DOCUMENT } from '@/lib/limits';

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
 * or `- - - …` exhausts the stack or the heap; and a mapping of tens of thousands of keys costs
 * seconds of composing. The guard sees each token of the iterative streaming lexer before the
 * parser does, and stops at the first one past the limits.
 */
export class StructureGuard {
  private offset = 0;
  private lineStart = 0;
  private contentSeen = false;
  private flowDepth = 0;
  private keys = 0;

  /** The problem this token brings, or null; call it with every lexer token, in order. */
  check(token: string): StructureProblem | null {
    const type = CST.tokenType(token);
    const offset = this.offset;
    if (type === 'flow-seq-start' || type === 'flow-map-start') {
      this.flowDepth++;
      if (this.flowDepth > MAX_FLOW_DEPTH) {
        return { offset, message: `collections are nested more than ${MAX_FLOW_DEPTH} levels deep` };
      }
    } else if (type === 'flow-seq-end' || type === 'flow-map-end') {
      this.flowDepth = Math.max(0, this.flowDepth - 1);
    } else if (type === 'doc-start' || type === 'doc-end') {
      this.flowDepth = 0;
      this.keys = 0;
    } else if (type === 'map-value-ind' || type === 'explicit-key-ind') {
      this.keys++;
      if (this.keys > MAX_YAML_KEYS_PER_DOCUMENT) {
        return {
          offset,
          message: `more than ${MAX_YAML_KEYS_PER_DOCUMENT} keys in one document; a Project document has about 25, up to 10 for each rule of its policy, and 3 for each op of its routers`,
        };
      }
    }
    if (ZERO_WIDTH.has(token)) return null;
    if (!this.contentSeen && !INDENTATION.has(type ?? '') && offset - this.lineStart > MAX_CONTENT_COLUMN) {
      return { offset, message: `content starts past column ${MAX_CONTENT_COLUMN}: the document is nested too deeply` };
    }
    if (type === 'newline') this.contentSeen = false;
    else if (!NOT_CONTENT.has(type ?? '')) this.contentSeen = true;
    const lastNewline = token.lastIndexOf('\n');
    this.offset += token.length;
    if (lastNewline >= 0) this.lineStart = this.offset - (token.length - lastNewline - 1);
    return null;
  }
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

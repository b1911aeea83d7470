import { isBase64 } from './call-result';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A string below the top level this long or longer stands in the skeleton as a few bytes. */
const ELIDE_FROM = 1_024;
/** A top-level key longer than this is not one the skeleton needs to know ("result"), however it is escaped. */
const KEY_BYTES = 64;
/**
 * What a long string becomes: a string still, and base64 exactly when it was, which is all the
 * check of a result reads of a string's text (isUsualCallResult: `data`, `blob`).
 */
const BASE64_STAND_IN = Buffer.from('AAAA');
const TEXT_STAND_IN = Buffer.from('!');

/** 1 for each byte in `chars`. */
function byteTable(chars: string): Uint8Array {
  const table = new Uint8Array(256);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}
const HEX = byteTable('0123456789abcdefABCDEF');
const ESCAPES = byteTable('"\\/bfnrtu');
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON refuses in a string
const CONTROL = /[\u0000-\u001f]/;
/** Bytes besides the base64 alphabet and `\`: a string with one decodes to one with a character base64 has not. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\\]/;

export interface Skeleton {
  /** The text with long strings stood in for: JSON exactly when the text is, of the same shape. */
  text: string;
  /** Where the value of the top-level `result` (the last one, as JSON.parse keeps it) is in the text as read, when it is an object. */
  result: { start: number; end: number } | null;
}

/**
 * A JSON text read as it streams in, chunk by chunk, so a large one costs the event loop a little
 * at each chunk rather than a parse of the whole at its end (#45). It keeps the chunks (to hand
 * the bytes on as they came) and makes a skeleton: the same text, but each string below the top
 * level of at least ELIDE_FROM bytes replaced by a stand-in that keeps what a check of its shape
 * reads (a string, base64 or not). The skeleton parses when the text does: every byte outside
 * the long strings is in it as it came, and the long strings are checked here as JSON.parse
 * would (no control character, only JSON's escapes). Bytes that are not UTF-8 inside a long
 * string are left as they are; every reader decodes them as U+FFFD, as the proxy did.
 */
export class JsonSkeleton {
  private readonly chunks: Buffer[] = [];
  /** Where each chunk starts in the text. */
  private readonly starts: number[] = [];
  private length = 0;
  private readonly pieces: Buffer[] = [];
  /** The text up to here is in `pieces`. */
  private copiedFrom = 0;
  /** The open arrays and objects, by their opening byte. */
  private readonly stack: number[] = [];
  private expectKey = false;
  /** Past a top-level colon: the next byte at the top level starts a member's value. */
  private memberValueNext = false;
  private topKey: string | null = null;
  private resultStart = -1;
  private result: Skeleton['result'] = null;
  /** A long string that is not a JSON string: the whole text is not JSON. */
  private broken = false;
  // The string being read: where its opening quote is, and what its bytes were so far.
  private inString = false;
  private stringStart = 0;
  private stringIsKey = false;
  private escaped = false;
  private hexLeft = 0;
  private badBytes = 0;
  private hasBackslash = false;
  /** A string this long will be stood in for: its bytes are checked as they come, to here. */
  private long = false;
  private checkedTo = 0;
  private base64Bytes = true;
  /** Where in the chunk being read the next quote and backslash are (its length: none). */
  private quoteAt = -1;
  private backslashAt = -1;

  feed(chunk: Buffer): void {
    const base = this.length;
    this.chunks.push(chunk);
    this.starts.push(base);
    this.length += chunk.length;
    this.quoteAt = -1;
    this.backslashAt = -1;
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        i = this.stringBytes(chunk, i, base);
        if (i < chunk.length) this.endString(base + i++);
        continue;
      }
      const byte = chunk[i] as number;
      this.structural(byte, base + i);
      i++;
    }
    if (this.inString && this.long) this.checkLong(this.length);
  }

  /** The skeleton, once the whole text is fed; null when it is cut short or a long string is not JSON. */
  finish(): Skeleton | null {
    if (this.broken || this.inString || this.stack.length > 0) return null;
    this.pieces.push(...this.bytes(this.copiedFrom, this.length));
    return { text: Buffer.concat(this.pieces).toString('utf8'), result: this.result };
  }

  /** The text from `start` to `end` as it came, in pieces (views of the chunks, not copies). */
  bytes(start: number, end: number): Buffer[] {
    const out: Buffer[] = [];
    for (let k = 0; k < this.chunks.length && start < end; k++) {
      const chunk = this.chunks[k] as Buffer;
      const from = this.starts[k] as number;
      if (from + chunk.length <= start) continue;
      const to = Math.min(end, from + chunk.length);
      out.push(chunk.subarray(start - from, to - from));
      start = to;
    }
    return out;
  }

  /**
   * A string's bytes from `i`, to its closing quote (returned) or the chunk's end: its plain runs
   * found by indexOf (native), its escapes checked one by one.
   */
  private stringBytes(chunk: Buffer, i: number, base: number): number {
    const n = chunk.length;
    while (i < n) {
      if (this.hexLeft > 0 || this.escaped) {
        const byte = chunk[i++] as number;
        if (this.hexLeft > 0) {
          this.hexLeft--;
          this.badBytes |= 1 - (HEX[byte] as number);
        } else {
          this.escaped = false;
          if (byte === 0x75) this.hexLeft = 4;
          else this.badBytes |= 1 - (ESCAPES[byte] as number);
        }
        continue;
      }
      if (this.quoteAt < i) this.quoteAt = nextIndex(chunk, QUOTE, i);
      if (this.backslashAt < i) this.backslashAt = nextIndex(chunk, BACKSLASH, i);
      i = Math.min(this.quoteAt, this.backslashAt);
      if (!this.long && base + i - this.stringStart - 1 >= ELIDE_FROM && !this.stringIsKey && this.stack.length >= 2) {
        this.long = true;
        this.checkedTo = this.stringStart + 1;
      }
      if (i === n || i === this.quoteAt) return i;
      this.escaped = true;
      this.hasBackslash = true;
      i++;
    }
    return n;
  }

  /** A long string's bytes from where they were checked to `to`: no control character, and whether all could be base64. */
  private checkLong(to: number): void {
    for (const piece of this.bytes(this.checkedTo, to)) {
      const text = piece.toString('latin1');
      if (CONTROL.test(text)) this.badBytes = 1;
      if (this.base64Bytes && NOT_BASE64.test(text)) this.base64Bytes = false;
    }
    this.checkedTo = to;
  }

  private structural(byte: number, at: number): void {
    switch (byte) {
      case QUOTE:
        this.valueStarts(false);
        this.inString = true;
        this.stringStart = at;
        this.stringIsKey = this.expectKey;
        this.escaped = false;
        this.hexLeft = 0;
        this.badBytes = 0;
        this.hasBackslash = false;
        this.long = false;
        this.base64Bytes = true;
        return;
      case 0x7b: // {
      case 0x5b: // [
        this.valueStarts(byte === 0x7b, at);
        this.stack.push(byte);
        this.expectKey = byte === 0x7b;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        this.stack.pop();
        if (this.stack.length === 1 && this.resultStart >= 0) {
          this.result = { start: this.resultStart, end: at + 1 };
          this.resultStart = -1;
        }
        this.expectKey = false;
        return;
      case 0x3a: // :
        if (this.stack.length === 1) this.memberValueNext = true;
        return;
      case 0x2c: // ,
        this.expectKey = this.stack.at(-1) === 0x7b;
        return;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        return;
      default:
        // A number, true, false or null (or a byte JSON has not, which the skeleton keeps for JSON.parse to refuse).
        this.valueStarts(false);
    }
  }

  /** A value starts: when it is a top-level member's, it is the result's when that member is `result`. */
  private valueStarts(isObject: boolean, at = -1): void {
    if (!this.memberValueNext || this.stack.length !== 1) return;
    this.memberValueNext = false;
    if (this.topKey !== 'result') return;
    this.result = null;
    this.resultStart = isObject ? at : -1;
  }

  private endString(at: number): void {
    this.inString = false;
    const contentStart = this.stringStart + 1;
    if (this.stringIsKey) {
      this.expectKey = false;
      if (this.stack.length === 1) this.topKey = at - contentStart <= KEY_BYTES ? decodeString(this.bytes(contentStart, at)) : null;
      return;
    }
    if (!this.long) return;
    this.checkLong(at);
    if (this.badBytes) {
      this.broken = true;
      return;
    }
    this.pieces.push(...this.bytes(this.copiedFrom, contentStart), this.standIn(contentStart, at));
    this.copiedFrom = at;
  }

  /** Base64 exactly when the string decodes to base64. */
  private standIn(start: number, end: number): Buffer {
    if (!this.base64Bytes) return TEXT_STAND_IN;
    // Only ASCII bytes: latin1 reads them as UTF-8 would, and faster.
    const raw = Buffer.concat(this.bytes(start, end)).toString('latin1');
    const text = this.hasBackslash ? decodeString([Buffer.from(raw, 'latin1')]) : raw;
    return text !== null && isBase64(text) ? BASE64_STAND_IN : TEXT_STAND_IN;
  }
}

/** Where `byte` is next in `chunk` from `from`, or the chunk's length. */
function nextIndex(chunk: Buffer, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}

/** A JSON string's content (between its quotes) as JSON.parse reads it, or null when it is not one. */
function decodeString(content: Buffer[]): string | null {
  try {
    const value: unknown = JSON.parse(`"${Buffer.concat(content).toString('utf8')}"`);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

import { itemAt } from '@/lib/arrays';

/** What a JSON-RPC message too large to keep says about itself: enough to answer it. */
export interface MessageHead {
  /** The top-level `id` (a string or an integer), or null when there is none or it cannot be told. */
  id: string | number | null;
  /** `request` has a method and an id, `notification` a method only, `response` a result or an error. */
  kind: 'request' | 'notification' | 'response' | 'unknown';
  method: string | null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Longer than any key we look for, and than any id or method worth echoing. */
const KEY_BYTES = 16;
const VALUE_BYTES = 256;
const WANTED_VALUES = new Set(['id', 'method']);

/**
 * Reads one JSON text as it streams past, keeping only its top-level keys and the raw text of
 * `id` and `method`: SDK peers write `{"result":…,"jsonrpc":"2.0","id":7}`, so the id comes
 * after megabytes and the message itself cannot be kept. Memory is a few hundred bytes.
 */
export class JsonRpcHeadScanner {
  private depth = 0;
  private topLevel: 'object' | 'other' | null = null;
  private inString = false;
  private escaped = false;
  private expectingKey = false;
  /** Raw bytes of the key or value being captured (at depth 1), or null. */
  private capture: number[] | null = null;
  private capturing: 'key' | 'value' | null = null;
  private captureOverflow = false;
  /** The key whose value comes next, or is being read (at depth 1). */
  private key: string | null = null;
  private readonly keys = new Set<string>();
  private readonly values = new Map<string, string | null>();

  feed(chunk: Uint8Array, start = 0, end = chunk.length): void {
    for (let i = start; i < end; i++) {
      const byte = itemAt(chunk, i);
      if (this.inString) {
        if (this.capture) this.keep(byte);
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.capture) this.finishCapture();
        }
        continue;
      }
      this.structural(byte);
    }
  }

  /** What was found; call once the message ended. */
  head(): MessageHead {
    if (this.capture) this.finishCapture();
    if (this.topLevel !== 'object') return { id: null, kind: 'unknown', method: null };
    const id = parseValue(this.values.get('id'));
    const method = parseValue(this.values.get('method'));
    const validId = (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) && id !== '' ? id : null;
    const validMethod = typeof method === 'string' ? method : null;
    if (this.keys.has('method')) return { id: validId, kind: this.keys.has('id') ? 'request' : 'notification', method: validMethod };
    if (this.keys.has('result') || this.keys.has('error')) return { id: validId, kind: 'response', method: null };
    return { id: validId, kind: 'unknown', method: null };
  }

  private structural(byte: number): void {
    const atTop = this.depth === 1;
    switch (byte) {
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        if (atTop && this.capturing === 'value') this.finishCapture();
        return;
      case QUOTE:
        this.inString = true;
        if (atTop && this.expectingKey) this.startCapture('key', byte);
        else if (atTop && this.wantsValue()) this.startCapture('value', byte);
        return;
      case 0x7b: // {
      case 0x5b: // [
        if (this.depth === 0) this.topLevel = byte === 0x7b ? 'object' : 'other';
        // An id or method that is an object or an array is not one: recorded as unreadable.
        // biome-ignore lint/style/noNonNullAssertion: wantsValue() is true only when key is not null.
        if (atTop && this.wantsValue()) this.values.set(this.key!, null);
        this.depth++;
        this.expectingKey = this.depth === 1;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        if (atTop && this.capturing === 'value') this.finishCapture();
        this.depth = Math.max(0, this.depth - 1);
        return;
      case 0x3a: // :
        if (atTop) this.expectingKey = false;
        return;
      case 0x2c: // ,
        if (!atTop) return;
        if (this.capturing === 'value') this.finishCapture();
        this.expectingKey = true;
        this.key = null;
        return;
      default:
        if (this.depth === 0 && this.topLevel === null) this.topLevel = 'other';
        // A number, true, false or null: its bytes up to the next delimiter.
        if (atTop && !this.capturing && this.wantsValue()) this.startCapture('value', byte);
        else if (this.capturing === 'value') this.keep(byte);
    }
  }

  /** Past the colon of an `id` or `method` key at depth 1, before its value was seen. */
  private wantsValue(): boolean {
    return !this.expectingKey && this.key !== null && WANTED_VALUES.has(this.key) && !this.values.has(this.key);
  }

  private startCapture(what: 'key' | 'value', byte: number): void {
    this.capturing = what;
    this.capture = [byte];
    this.captureOverflow = false;
  }

  private keep(byte: number): void {
    // biome-ignore lint/style/noNonNullAssertion: called only while a capture is open (capture and capturing are set together).
    const capture = this.capture!;
    if (capture.length >= (this.capturing === 'key' ? KEY_BYTES : VALUE_BYTES)) this.captureOverflow = true;
    else capture.push(byte);
  }

  private finishCapture(): void {
    // biome-ignore lint/style/noNonNullAssertion: called only while a capture is open (capture and capturing are set together).
    const raw = this.captureOverflow ? null : Buffer.from(this.capture!).toString('utf8');
    if (this.capturing === 'key') {
      const key = parseValue(raw);
      this.key = typeof key === 'string' ? key : null;
      if (this.key !== null) this.keys.add(this.key);
    } else if (this.key !== null) {
      this.values.set(this.key, raw);
    }
    this.capture = null;
    this.capturing = null;
  }
}

function parseValue(raw: string | null | undefined): unknown {
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

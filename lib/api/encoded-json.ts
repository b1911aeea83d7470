/**
 * A JSON answer encoded ahead of the request: the bytes of `JSON.stringify(value)`, in parts
 * written in order and never copied into one. The hot answers (the surface a proxy polls, the
 * preview, this API's description) are encoded once and sent many times, yet their endpoint's
 * declaration still checks them: an EncodedJson<A> stands where the contract takes a B only
 * if an A is a B, and the only way to make one is from a value of its type.
 */
export class EncodedJson<T> {
  // Never set: it carries T, so two encodings of different types are told apart by tsc.
  declare protected readonly encodes: T;

  private constructor(readonly parts: readonly Uint8Array<ArrayBuffer>[]) {}

  /**
   * `value` as JSON; `encode`, when given, must write exactly the bytes JSON.stringify would,
   * from caches of its own (the preview's tools).
   */
  static of<T>(value: T, encode: (value: T) => readonly Uint8Array<ArrayBuffer>[] = (v) => [Buffer.from(JSON.stringify(v))]): EncodedJson<T> {
    return new EncodedJson<T>(encode(value));
  }

  /** The JSON text, for a test or a log; the answer itself is written from the parts. */
  toString(): string {
    return Buffer.concat(this.parts).toString();
  }
}

/**
 * A tools/call result kept as the bytes its server wrote (#45): checked for its shape on its
 * skeleton (JsonSkeleton) as it streamed in, and written to a stdio client as it came, so a large
 * result is never decoded, parsed, encoded and written again on its way through the proxy.
 */
export class EncodedResult {
  constructor(
    /** What the trace needs of it. */
    readonly isError: boolean,
    /** The result object's JSON text, in the pieces it came in. */
    readonly bytes: readonly Buffer[],
  ) {}
}

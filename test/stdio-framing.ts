/** Shared by the bounded stdio transports' tests (client side in mcp/, server side in proxy/). */

/** The message limit the tests give the transports: small, so a line over it is cheap to make. */
export const LIMIT = 1024;

/** A JSON-RPC message padded with `bytes` more bytes, to put it over (or under) LIMIT. */
export const padded = (message: Record<string, unknown>, bytes: number) => JSON.stringify({ ...message, pad: 'p'.repeat(bytes) });

/** Resolves with the first value `check` gives that is not undefined, polling every 10 ms. */
export function until<T>(check: () => T | undefined, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > ms) return reject(new Error('timed out'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

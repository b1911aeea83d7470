/*
 * A `catch` gets `unknown`: these read what a thrown value says without asserting it is an Error.
 */

/** The message of a thrown value: an Error's (or error-like object's) message, else its text. */
export function errorMessage(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string') return err.message;
  return String(err);
}

/** The string `code` of a Node system error (ENOENT, EEXIST, EPERM…), if the thrown value has one. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

import { expect } from 'vitest';

/** The error `promise` rejects with, checked to be a `kind`; the test fails when it resolves or rejects with something else. */
export async function rejectionOf<E>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(kind);
  // The expectation above has already failed the test for anything else; this narrows the type.
  if (!(err instanceof kind)) throw new Error('unreachable');
  return err;
}

/**
 * The item at index i, for code that computed i from the array's own bounds (matrix and
 * resample loops, parallel arrays). With noUncheckedIndexedAccess a plain read is `T | undefined`;
 * this checks instead of asserting, so a wrong index fails here rather than as NaN far away.
 * Not for arrays that may hold `undefined` as an item.
 */
export function itemAt<T>(items: ArrayLike<T>, i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`index ${i} is outside 0..${items.length - 1}`);
  return item;
}

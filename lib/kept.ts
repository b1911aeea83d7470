/**
 * The value `cache` keeps for `key`, made and kept on the first ask. With a WeakMap of Maps it
 * keeps a value per object and key for as long as the object lives.
 */
export function kept<K, V>(cache: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

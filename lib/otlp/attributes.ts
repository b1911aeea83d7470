/**
 * OTLP/JSON attribute values (`AnyValue`) as plain values. Exporters differ in small ways
 * (int64 as a string or a number, enums as integers or names), so reading is lenient.
 */

const MAX_VALUE_DEPTH = 16;

export type Attributes = ReadonlyMap<string, unknown>;

export function readAttributes(list: unknown): Attributes {
  const out = new Map<string, unknown>();
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { key, value } = item as { key?: unknown; value?: unknown };
    if (typeof key === 'string') out.set(key, anyValue(value, 0));
  }
  return out;
}

/** One AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue, bytesValue. */
export function anyValue(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > MAX_VALUE_DEPTH) return undefined;
  const v = value as Record<string, unknown>;
  if ('stringValue' in v) return typeof v.stringValue === 'string' ? v.stringValue : undefined;
  if ('boolValue' in v) return typeof v.boolValue === 'boolean' ? v.boolValue : undefined;
  if ('intValue' in v) return toNumber(v.intValue);
  if ('doubleValue' in v) return toNumber(v.doubleValue);
  if ('arrayValue' in v) {
    const values = (v.arrayValue as { values?: unknown } | null)?.values;
    return Array.isArray(values) ? values.map((x) => anyValue(x, depth + 1)) : [];
  }
  if ('kvlistValue' in v) {
    const values = (v.kvlistValue as { values?: unknown } | null)?.values;
    const out: Record<string, unknown> = {};
    if (Array.isArray(values)) {
      for (const kv of values) {
        const { key, value: inner } = (kv ?? {}) as { key?: unknown; value?: unknown };
        if (typeof key === 'string') out[key] = anyValue(inner, depth + 1);
      }
    }
    return out;
  }
  return undefined;
}

function toNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A scalar attribute as text (ids are often sent as ints); anything else is absent. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Nanoseconds since the epoch, from a decimal string or a number; null when absent or not one. */
export function unixNanos(raw: unknown): bigint | null {
  if (typeof raw === 'string' && /^\d{1,20}$/.test(raw)) return BigInt(raw);
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
  // Past 2^53 a JSON number has lost precision, but still names the right millisecond.
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) return BigInt(Math.round(raw / 1e6)) * 1_000_000n;
  return null;
}

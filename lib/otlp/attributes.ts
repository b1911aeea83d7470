import { fieldOf, isRecord } from '@/lib/records';

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
    const key = fieldOf(item, 'key');
    if (typeof key === 'string') out.set(key, anyValue(fieldOf(item, 'value'), 0));
  }
  return out;
}

/** One AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue, bytesValue. */
export function anyValue(value: unknown, depth: number): unknown {
  if (!isRecord(value) || depth > MAX_VALUE_DEPTH) return undefined;
  const v = value;
  if ('stringValue' in v) return typeof v.stringValue === 'string' ? v.stringValue : undefined;
  if ('boolValue' in v) return typeof v.boolValue === 'boolean' ? v.boolValue : undefined;
  if ('intValue' in v) return toNumber(v.intValue);
  if ('doubleValue' in v) return toNumber(v.doubleValue);
  if ('arrayValue' in v) {
    const values = fieldOf(v.arrayValue, 'values');
    return Array.isArray(values) ? values.map((x) => anyValue(x, depth + 1)) : [];
  }
  if ('kvlistValue' in v) {
    const values = fieldOf(v.kvlistValue, 'values');
    const out: Record<string, unknown> = {};
    if (Array.isArray(values)) {
      for (const kv of values) {
        const key = fieldOf(kv, 'key');
        if (typeof key === 'string') out[key] = anyValue(fieldOf(kv, 'value'), depth + 1);
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

import { formatPath } from '@/lib/http/validate';
import { invokeTarget } from '@/lib/names/resolve';
import { findNul } from '@/lib/nul';
import { MAX_FUTURE_SKEW_MS, toolCallTraceSchema, type ToolCallTrace } from '@/lib/schemas/events';

export interface EventReject {
  index: number;
  error_code: string;
  message: string;
}

export type ValidatedEvent = ToolCallTrace & { index: number; at: number };

export function validateEvent(index: number, value: unknown, now: number): ValidatedEvent | EventReject {
  const result = toolCallTraceSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = formatPath(issue.path);
    return { index, error_code: 'VALIDATION_FAILED', message: where ? `${where}: ${issue.message}` : issue.message };
  }
  const { arguments: args, ...stored } = result.data;
  const nulAt = findNul(stored) ?? (findNul(invokeTarget({ arguments: args })) ? ['arguments'] : null);
  if (nulAt) {
    return { index, error_code: 'VALIDATION_FAILED', message: `${formatPath(nulAt)}: contains U+0000 or a lone surrogate, which cannot be stored` };
  }
  const at = Date.parse(result.data.timestamp);
  if (at > now + MAX_FUTURE_SKEW_MS) {
    return {
      index,
      error_code: 'TIMESTAMP_IN_FUTURE',
      message: `timestamp ${result.data.timestamp} is more than 5 minutes in the future`,
    };
  }
  return { ...result.data, index, at };
}

export function isReject(value: ValidatedEvent | EventReject): value is EventReject {
  return 'error_code' in value;
}

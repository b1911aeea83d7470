import { ApiClientError } from './api-client';
import type { ErrorEnvelope } from './errors';

/** GET a text resource (YAML exports); errors come back as ApiClientError like apiFetch's. */
export async function fetchText(path: string): Promise<string> {
  const res = await fetch(path, { headers: { accept: 'application/yaml, application/json' } });
  const text = await res.text();
  if (res.ok) return text;
  let envelope: ErrorEnvelope;
  try {
    envelope = JSON.parse(text) as ErrorEnvelope;
  } catch {
    envelope = {
      error_code: 'INTERNAL_ERROR',
      message: `the server answered ${res.status} ${res.statusText}`,
      retryable: res.status >= 500,
      suggested_action: 'retry; if it persists, check the server logs',
      cited_rule: '§errors',
    };
  }
  throw new ApiClientError(res.status, envelope);
}

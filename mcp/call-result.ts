import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { CallToolResult, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { isObject } from '@/lib/records';

/**
 * The check of a tools/call result the proxy passes on (issue #26). The SDK's own check parses
 * the whole result with its zod schema: it copies every content block, and drops the fields
 * a block has that the schema does not know. A result of the usual shape (content an array of
 * text, image, audio, resource or resource_link blocks with their required fields, and the other
 * members of the types the spec gives them) is passed on as the upstream sent it, unknown fields
 * included. Anything else goes through the SDK's schema as before: what it accepts it returns as
 * it would have, and what it refuses fails the call with the same message.
 */
export const callResultPassthrough: StandardSchemaV1<unknown, CallToolResult> = {
  '~standard': {
    version: 1,
    vendor: 'favindex-passthrough',
    validate(value) {
      if (isUsualCallResult(value)) return { value };
      // The SDK's standard schemas validate synchronously; the Promise half of the type never happens.
      return specTypeSchemas.CallToolResult['~standard'].validate(value) as StandardSchemaV1.Result<CallToolResult>;
    },
  },
};

/** A result that the SDK's CallToolResult schema accepts unchanged but for unknown fields. */
export function isUsualCallResult(value: unknown): value is CallToolResult {
  if (!isObject(value) || !Array.isArray(value.content)) return false;
  if (value.isError !== undefined && typeof value.isError !== 'boolean') return false;
  if (value.structuredContent !== undefined && !isObject(value.structuredContent)) return false;
  if (value._meta !== undefined && !isObject(value._meta)) return false;
  for (const block of value.content) if (!isUsualBlock(block)) return false;
  return true;
}

function isUsualBlock(block: unknown): boolean {
  if (!isObject(block)) return false;
  // Annotations and a block's _meta have their own rules: the schema decides.
  if (block.annotations !== undefined || block._meta !== undefined) return false;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string';
    case 'image':
    case 'audio':
      return typeof block.data === 'string' && typeof block.mimeType === 'string' && isBase64(block.data);
    case 'resource': {
      const r = block.resource;
      if (!isObject(r) || typeof r.uri !== 'string' || r._meta !== undefined) return false;
      if (r.mimeType !== undefined && typeof r.mimeType !== 'string') return false;
      if (typeof r.text === 'string') return r.blob === undefined;
      return typeof r.blob === 'string' && isBase64(r.blob);
    }
    default:
      // resource_link and anything newer: the schema decides.
      return false;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

import type { z } from 'zod';
import type { ErrorCode } from '@/lib/errors';
import type { Access } from '@/lib/schemas/tokens';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON Schema written by hand, for what no zod schema parses (an OTLP export, plain text). */
export type JsonSchema = { [key: string]: unknown };

/** A zod schema (converted with z.toJSONSchema), a hand-written JSON Schema, or a named component. */
export type SchemaSource = z.ZodType | JsonSchema | { component: string };

export interface HeaderParameter {
  name: string;
  description: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface ResponseSpec {
  description: string;
  /** Defaults to application/json; null for an answer without a body (204, 304). */
  mediaType?: string | null;
  schema?: SchemaSource;
  /** Response headers worth knowing, name → description. */
  headers?: Record<string, string>;
}

export interface Operation {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** The zod object the handler parses the query string with; each property becomes a parameter. */
  query?: z.ZodType;
  headers?: HeaderParameter[];
  body?: { description?: string; required?: boolean; content: Record<string, SchemaSource> };
  /** Success answers by status. */
  responses: Record<number, ResponseSpec>;
  /**
   * Error codes this operation may answer with beyond those implied by its shape (auth,
   * project in the path, query, JSON body), which document.ts adds itself.
   */
  errors?: ErrorCode[];
  /** False for bodies that are not read as JSON (YAML, NDJSON, OTLP): their codes are listed in `errors`. */
  jsonBody?: boolean;
}

export type PathOperations = Partial<Record<HttpMethod, Operation>>;

import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

/** GET /api/openapi.json: the OpenAPI 3.1 description of the API (the parts its clients read). */
export const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  tags: z.array(z.object({ name: z.string() })),
  paths: z.record(z.string(), z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'patch']), jsonObject)),
  components: z.object({
    schemas: z.record(z.string(), jsonObject),
    responses: z.record(z.string(), jsonObject),
    securitySchemes: z.record(z.string(), jsonObject),
  }),
});
export type OpenApiDocumentView = z.infer<typeof openApiDocumentSchema>;

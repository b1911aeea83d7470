import { openApiDocumentSchema } from '@/lib/contracts/openapi';
import type { PathOperations } from '../operation';

export const META_OPERATIONS: Record<string, PathOperations> = {
  '/api/openapi.json': {
    get: {
      tag: 'meta',
      access: 'public',
      summary: 'This description of the API (OpenAPI 3.1)',
      responses: { 200: { description: 'The OpenAPI document.', schema: openApiDocumentSchema } },
    },
  },
};

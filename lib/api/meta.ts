import { openApiDocumentSchema } from '@/lib/contracts/openapi';
import { endpoint } from './endpoint';

/** What describes the API itself. */
export const META_ENDPOINTS = {
  openapi: endpoint({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'meta',
    access: 'public',
    summary: 'This description of the API (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document.', schema: openApiDocumentSchema } },
  }),
};

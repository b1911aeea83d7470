import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/api-reference';
import { apiReferenceView } from '@/lib/docs/api-reference';
import { buildOpenApiDocument } from '@/lib/openapi/document';

export const metadata: Metadata = { title: 'API reference · favindex' };

/** The OpenAPI document that /api/openapi.json serves, for people. */
export default function ApiPage() {
  return <ApiReference view={apiReferenceView(buildOpenApiDocument())} />;
}

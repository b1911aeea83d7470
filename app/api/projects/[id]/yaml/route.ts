import { getDb } from '@/db/client';
import { loadProjectDocument } from '@/db/queries/project-documents';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { exportQuerySchema, yamlResponse } from '@/lib/yaml/http';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';

type Params = { id: string };

/** One project as a YAML document (§yaml); `?download=1` saves a file. */
export const GET = apiRoute<Params>('config:read', async ({ req, params }) => {
  const { download } = parseQuery(exportQuerySchema, req.url, '§yaml');
  const text = stringifyProjectDocuments([await loadProjectDocument(await getDb(), params.id)]);
  return yamlResponse(text, { download, filename: `${params.id}.yaml` });
});

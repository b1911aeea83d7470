import { getDb } from '@/db/client';
import { loadProjectDocuments } from '@/db/queries/project-documents';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { exportQuerySchema, yamlResponse } from '@/lib/yaml/http';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';

/** Every project as YAML documents separated by --- (§yaml); `?download=1` saves a file. */
export const GET = apiRoute('admin', async ({ req }) => {
  const { download } = parseQuery(exportQuerySchema, req.url, '§yaml');
  const text = stringifyProjectDocuments(await loadProjectDocuments(await getDb()));
  return yamlResponse(text, { download, filename: 'favindex-projects.yaml' });
});

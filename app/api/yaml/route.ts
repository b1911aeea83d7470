import { exportQuerySchema } from '@/lib/schemas/yaml';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';
import { apiRoute } from '@/server/http/route';
import { yamlResponse } from '@/server/http/yaml';
import { loadProjectDocuments } from '@/server/yaml/project-documents';

/** Every project as YAML documents separated by --- (§yaml); `?download=1` saves a file. */
export const GET = apiRoute({ access: 'admin', query: exportQuerySchema, rule: '§yaml' }, async ({ db, query }) => {
  const text = stringifyProjectDocuments(await loadProjectDocuments(db));
  return yamlResponse(text, { download: query.download, filename: 'favindex-projects.yaml' });
});

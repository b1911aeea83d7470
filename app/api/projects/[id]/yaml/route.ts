import { exportQuerySchema } from '@/lib/schemas/yaml';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';
import { projectParams } from '@/lib/api/params';
import { apiRoute } from '@/server/http/route';
import { yamlResponse } from '@/server/http/yaml';
import { loadProjectDocument } from '@/server/yaml/project-documents';

/** One project as a YAML document (§yaml); `?download=1` saves a file. */
export const GET = apiRoute({ access: 'config:read', params: projectParams, query: exportQuerySchema, rule: '§yaml' }, async ({ db, params, query }) => {
  const text = stringifyProjectDocuments([await loadProjectDocument(db, params.id)]);
  return yamlResponse(text, { download: query.download, filename: `${params.id}.yaml` });
});

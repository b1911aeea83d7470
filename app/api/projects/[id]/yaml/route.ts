import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { downloadAs } from '@/server/http/yaml';
import { loadProjectDocument } from '@/server/yaml/project-documents';

/** One project as a YAML document (§yaml); `?download=1` saves a file. */
export const GET = endpointRoute(YAML_ENDPOINTS.exportProject, async ({ db, params, query }) => {
  const text = stringifyProjectDocuments([await loadProjectDocument(db, params.id)]);
  return answer(200, text, downloadAs(query.download, `${params.id}.yaml`));
});

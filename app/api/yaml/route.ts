import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { stringifyProjectDocuments } from '@/lib/yaml/project-document';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { downloadAs } from '@/server/http/yaml';
import { loadProjectDocuments } from '@/server/yaml/project-documents';

/** Every project as YAML documents separated by --- (§yaml); `?download=1` saves a file. */
export const GET = endpointRoute(YAML_ENDPOINTS.exportAll, async ({ db, query }) => {
  const text = stringifyProjectDocuments(await loadProjectDocuments(db));
  return answer(200, text, downloadAs(query.download, 'favindex-projects.yaml'));
});

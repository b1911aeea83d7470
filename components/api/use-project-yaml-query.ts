import { useQuery } from '@tanstack/react-query';
import { fetchText } from '@/components/api/fetch';
import { pathOf } from '@/lib/api/endpoint';
import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { queryKeys } from './keys';

/** GET /api/projects/:id/yaml: the project as a YAML document, as text. */
export function useProjectYamlQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.projectYaml(id),
    queryFn: () => fetchText(pathOf(YAML_ENDPOINTS.exportProject, { id })),
  });
}

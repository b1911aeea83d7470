import { api } from './api';

const YAML = { 'content-type': 'application/yaml' };

/** POST /api/yaml/apply with a YAML body, as `favindex apply` sends it. */
export const applyYaml = (text: string, query = '', headers: Record<string, string> = {}) =>
  api.post(`/api/yaml/apply${query}`, { body: text, headers: { ...YAML, ...headers } });

/** One Project document, as a person would write it: favourites, surface, a description. */
export function projectYaml(name: string, spec: { maxFavourites?: number; tools?: string[]; description?: string } = {}): string {
  const tools = spec.tools ?? ['github/create_issue', 'github/list_issues'];
  return `apiVersion: favindex/v1
kind: Project
metadata:
  name: ${name}
  description: ${JSON.stringify(spec.description ?? 'from yaml')}
spec:
  favouriteIndex:
    enabled: true
    maxFavourites: ${spec.maxFavourites ?? 5}
    tools: [${tools.join(', ')}]
  surface:
    mode: favindex
    target: openai
    agentTools: 12
`;
}

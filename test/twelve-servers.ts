import { api } from './api';
import { TWELVE_SERVERS } from './twelve-servers-catalog';

export { SEVEN_SERVERS, TWELVE_SERVERS } from './twelve-servers-catalog';

/** Upload the twelve catalogs to a project. */
export async function putTwelveServers(projectId: string): Promise<void> {
  for (const { server, tools } of TWELVE_SERVERS) {
    const put = await api.put(`/api/projects/${projectId}/catalog/${server}`, { json: { tools } });
    if (put.status >= 300) throw new Error(`could not put catalog ${server}: ${put.text}`);
  }
}

import { ProxyProblems } from '@/proxy/problems';

/** ProxyProblems for the favindex at `url`, each line it says kept in `lines`; `hasSurface` as the proxy would answer it. */
export function keptProblems(url: string, hasSurface: () => boolean = () => false): { problems: ProxyProblems; lines: string[] } {
  const lines: string[] = [];
  return { problems: new ProxyProblems(url, (line) => lines.push(line), hasSurface), lines };
}

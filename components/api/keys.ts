/** Query keys: every key of a project starts with ['project', id], so one invalidation refreshes it all. */
export const queryKeys = {
  projects: () => ['projects'] as const,
  project: (id: string) => ['project', id] as const,
  catalog: (id: string) => ['project', id, 'catalog'] as const,
  catalogVersions: (id: string, server: string) => ['project', id, 'catalog', 'versions', server] as const,
  tokens: (id: string) => ['project', id, 'tokens'] as const,
  proxies: (id: string) => ['project', id, 'proxies'] as const,
  events: (id: string, params: object) => ['project', id, 'events', params] as const,
  preview: (id: string, params: object) => ['project', id, 'preview', params] as const,
  sessions: (id: string) => ['project', id, 'sessions'] as const,
  findability: (id: string, params: object) => ['project', id, 'findability', params] as const,
  testQueries: (id: string) => ['project', id, 'findability', 'queries'] as const,
  usage: (id: string, params: object) => ['project', id, 'usage', params] as const,
  suggestions: (id: string, params: object) => ['project', id, 'suggestions', params] as const,
  impact: (id: string, params: object) => ['project', id, 'impact', params] as const,
  backtest: (id: string, params: object) => ['project', id, 'backtest', params] as const,
  favourites: (id: string) => ['project', id, 'favourites'] as const,
  favouritesHistory: (id: string, limit: number) => ['project', id, 'favourites', 'history', limit] as const,
  projectYaml: (id: string) => ['project', id, 'yaml'] as const,
  usageOverview: (params: object) => ['projects', 'usage', params] as const,
  /** Outside ['project', id]: refreshing a project's views must not ask what changed again. */
  changes: (id: string) => ['changes', id] as const,
};

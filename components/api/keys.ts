/** Query keys: every key of a project starts with ['project', id], so one invalidation refreshes it all. */
export const queryKeys = {
  projects: () => ['projects'] as const,
  project: (id: string) => ['project', id] as const,
  catalog: (id: string) => ['project', id, 'catalog'] as const,
  events: (id: string, params: object) => ['project', id, 'events', params] as const,
};

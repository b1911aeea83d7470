'use client';

import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CHANGE_TOPICS, type ChangeTopic, type ProjectChanges } from '@/lib/contracts/changes';
import { queryKeys } from './keys';
import { useChangesQuery } from './use-changes-query';

const part = (id: string, name: string): QueryKey => ['project', id, name];

/** The views each topic's writes can change. Only the queries on screen refetch; the rest are marked stale. */
const VIEWS_OF: Record<ChangeTopic, (id: string) => QueryKey[]> = {
  // Settings, surface or YAML, and the catalog (it resolves names again): every view of the project.
  project: (id) => [queryKeys.project(id), queryKeys.projects()],
  catalog: (id) => [queryKeys.project(id)],
  events: (id) => [
    // The policy's known identities include the clients sessions name.
    ...['events', 'usage', 'impact', 'backtest', 'sessions', 'suggestions', 'preview', 'findability', 'policy'].map((name) => part(id, name)),
    // The projects list's usage overview.
    ['projects', 'usage'],
  ],
  favourites: (id) => [...['favourites', 'preview', 'suggestions', 'impact', 'backtest', 'yaml'].map((name) => part(id, name)), queryKeys.project(id)],
  proxies: (id) => [queryKeys.proxies(id), queryKeys.tokens(id), part(id, 'preview')],
  // A token made or revoked is an identity the policy's editor offers, with its counts.
  tokens: (id) => [queryKeys.tokens(id), part(id, 'policy')],
  findability: (id) => [part(id, 'findability')],
};

/** The topics whose counters moved between two answers; every one after a restart. */
export function movedTopics(before: ProjectChanges, after: ProjectChanges): ChangeTopic[] {
  const topics = [...CHANGE_TOPICS];
  if (before.epoch !== after.epoch) return topics;
  return topics.filter((t) => before.versions[t] !== after.versions[t]);
}

function refresh(client: QueryClient, id: string, topics: readonly ChangeTopic[]) {
  // The project's own key is a prefix of all the others: one invalidation covers them.
  const keys = topics.flatMap((t) => VIEWS_OF[t](id));
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/**
 * Keeps an open project page current: what a proxy, another tab or a script writes shows within
 * a poll (about 1.5 s) without a reload, and only the views it touched are read again.
 */
export function useLiveUpdates(id: string): void {
  const client = useQueryClient();
  const changes = useChangesQuery(id);
  const last = useRef<ProjectChanges | null>(null);
  useEffect(() => {
    const next = changes.data;
    if (!next) return;
    const before = last.current;
    last.current = next;
    // The first answer is where the page starts: what it loaded is already current.
    if (before) refresh(client, id, movedTopics(before, next));
  }, [changes.data, client, id]);
}

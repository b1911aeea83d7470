import { z } from 'zod';
import { count } from './shared';

/**
 * What a dashboard page can be told has changed, each a counter of the writes that touched it.
 * A page compares the counters with the last ones it saw and refetches only what moved.
 */
export const CHANGE_TOPICS = ['project', 'catalog', 'events', 'favourites', 'proxies', 'tokens', 'findability'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** GET /api/projects/{id}/changes. */
export const projectChangesSchema = z.object({
  project: z.string(),
  epoch: z.string().describe('Names this server process: counters start again from 0 when it changes, so compare them only under the same epoch.'),
  versions: z
    .object({
      project: count.describe('Writes to the project itself: its settings, surface config, tool policy or YAML.'),
      catalog: count.describe('Catalog uploads, syncs and removals.'),
      events: count.describe('Batches of tool call events ingested (NDJSON or OTLP).'),
      favourites: count.describe('Favourites pinned, unpinned, moved or set.'),
      proxies: count.describe('Proxy reports and removals.'),
      tokens: count.describe('Tokens made or revoked.'),
      findability: count.describe('Test queries saved or removed.'),
    })
    .describe('Per topic, how many writes this process has accepted since it started.'),
});
export type ProjectChanges = z.infer<typeof projectChangesSchema>;

import { z } from 'zod';
import { putCatalogResultSchema, syncViewSchema } from './catalog';

// The registration is part of every catalog server's view; its schema lives with the catalog.
export { syncViewSchema, type SyncView } from './catalog';

/** PUT and POST /api/projects/{id}/catalog/{server}/sync: what reading the server's tools/list stored. */
export const syncResultSchema = putCatalogResultSchema.extend({
  superseded: z.boolean().describe('True when a sync that fetched later already stored its list: this one was dropped.'),
  sync: syncViewSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

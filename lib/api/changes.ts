import { projectChangesSchema } from '@/lib/contracts/changes';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** What an open dashboard page polls to know what to read again. */
export const CHANGE_ENDPOINTS = {
  changes: endpoint({
    method: 'get',
    path: '/api/projects/{id}/changes',
    params: projectParams,
    tag: 'projects',
    access: 'admin',
    summary: 'What has been written to a project, per topic: the dashboard polls it to refresh what changed',
    description:
      'Counters of the writes this server process accepted for the project (events ingested, proxy reports, favourites, catalog, tokens, its settings), from 0 at start. An open dashboard page asks about every 1.5 s while it is visible and refetches the views of each topic whose counter moved; a new `epoch` means the process restarted.',
    responses: { 200: { description: 'The counters.', schema: projectChangesSchema } },
  }),
};

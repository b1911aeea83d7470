/**
 * A bake-off's fixture: a 44-tool project (four servers, one of padding), five tasks, and each
 * mode's presentation as favindex's preview builds it for the raw client (in process: the
 * same code the preview endpoint runs).
 */
import { presentationOf, type Presentation } from '@/cli/bakeoff/presentation';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { defaultSurfaceConfig, type SurfaceMode } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildPreviewResponse } from '@/lib/surface/preview-response';

const str = { type: 'string' };
const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[] = []) => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

export const BAKEOFF_SERVERS = [
  {
    name: 'reports',
    tools: [
      tool('run_report', 'the sales report between two dates', { startDate: str, endDate: str }, ['startDate']),
      tool('run_forecast', 'the sales forecast for a quarter', { quarter: str }, ['quarter']),
    ],
  },
  {
    name: 'crm',
    tools: [
      tool(
        'create_contact',
        'create a new contact in the CRM',
        { firstName: str, lastName: str, email: str, phone: str, company: str, title: str, city: str, country: str },
        ['firstName', 'lastName', 'email'],
      ),
      tool('update_contact', 'change the email of a contact', { id: str, email: str }, ['id']),
    ],
  },
  { name: 'tracker', tools: [tool('create_issue', 'open an issue in the tracker with a title', { title: str, body: str }, ['title'])] },
  { name: 'misc', tools: Array.from({ length: 39 }, (_, i) => tool(`helper_${i}`, `an unrelated helper, number ${i}`, { value: str })) },
];

export const BAKEOFF_TASKS: BakeoffTask[] = [
  { id: 'weekly', prompt: 'Run the sales report from startDate=2026-01-05', target: 'reports/run_report', arguments: { equals: { startDate: '2026-01-05' } } },
  { id: 'forecast', prompt: 'The sales forecast for quarter=Q3 please', target: 'reports/run_forecast', arguments: { required: ['quarter'] } },
  {
    id: 'contact',
    prompt: 'Create a new contact firstName=Ada lastName=Lovelace email=ada@example.com',
    target: 'crm/create_contact',
    arguments: { equals: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } },
    fixtures: { 'crm/create_contact': { id: 'c-1' } },
  },
  { id: 'email', prompt: 'Change the email of contact id=c-9 to email=new@example.com', target: 'crm/update_contact', arguments: { required: ['id'] } },
  { id: 'issue', prompt: 'Open an issue in the tracker with title=Broken', target: 'tracker/create_issue', arguments: { equals: { title: 'Broken' } } },
];

const catalog = prepareCatalog(BAKEOFF_SERVERS);

/** A mode's presentation, favourites being the five tasks' targets. */
export function previewOf(mode: SurfaceMode, id: string = mode): Presentation {
  const preview = buildPreviewResponse(
    {
      project: 'bakeoff',
      surface: { ...defaultSurfaceConfig(), agentTools: 0 },
      favourites: { enabled: true, maxFavourites: 15, tools: BAKEOFF_TASKS.map((t) => t.target) },
      routers: emptyRoutersConfig(),
      catalog,
      recorded: null,
      proxies: null,
      policy: { identity: { token: null, client: null }, hidden: [] },
    },
    previewQuerySchema.parse({ mode: 'all', detail: 'full' }),
  );
  return presentationOf(id, mode, preview);
}

import { applyResultSchema, projectDocumentsText } from '@/lib/contracts/yaml';
import { YAML_TYPE } from './shared';
import { applyQuerySchema, exportQuerySchema } from '@/lib/schemas/yaml';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/**
 * Projects as YAML documents (§yaml): exported one or all, applied all or nothing. The apply
 * body is YAML, read by its route, so this lists the codes that reading may answer.
 */
export const YAML_ENDPOINTS = {
  exportProject: endpoint({
    method: 'get',
    path: '/api/projects/{id}/yaml',
    params: projectParams,
    query: exportQuerySchema,
    rule: '§yaml',
    tag: 'yaml',
    access: 'config:read',
    summary: 'Export one project as a YAML document',
    responses: {
      200: { description: 'The project document; `download` sets Content-Disposition.', mediaType: YAML_TYPE, schema: { component: 'ProjectDocument' } },
    },
  }),
  exportAll: endpoint({
    method: 'get',
    path: '/api/yaml',
    query: exportQuerySchema,
    rule: '§yaml',
    tag: 'yaml',
    access: 'admin',
    summary: 'Export every project, documents separated by ---',
    responses: { 200: { description: 'A stream of project documents.', mediaType: YAML_TYPE, schema: projectDocumentsText } },
  }),
  apply: endpoint({
    method: 'post',
    path: '/api/yaml/apply',
    query: applyQuerySchema,
    rule: '§yaml',
    tag: 'yaml',
    access: 'config:write',
    summary: 'Apply project documents: create or update by metadata.name, all or nothing',
    description:
      '`dryRun` returns the plan and diff and writes nothing. A config:write token may only name its own project (403 otherwise, dry runs included).',
    headers: [
      {
        name: 'If-Match',
        description: 'The basis (sha256:…) of a dry run: apply only if the projects are still as it saw them.',
        schema: { type: 'string' },
      },
    ],
    body: { required: true, description: 'One or more project documents separated by ---.', content: { [YAML_TYPE]: { component: 'ProjectDocument' } } },
    jsonBody: false,
    responses: { 200: { description: 'The plan of each document, and whether it was written.', schema: applyResultSchema } },
    errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'YAML_MALFORMED', 'YAML_INVALID', 'VERSION_MISMATCH'],
  }),
};

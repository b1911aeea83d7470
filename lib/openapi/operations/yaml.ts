import { applyResultSchema, projectDocumentsText } from '@/lib/contracts/yaml';
import { applyQuerySchema, exportQuerySchema } from '@/lib/schemas/yaml';
import type { PathOperations } from '../operation';
import { YAML_TYPE } from './shared';

export const YAML_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/yaml': {
    get: {
      tag: 'yaml',
      access: 'config:read',
      summary: 'Export one project as a YAML document',
      query: exportQuerySchema,
      responses: {
        200: { description: 'The project document; `download` sets Content-Disposition.', mediaType: YAML_TYPE, schema: { component: 'ProjectDocument' } },
      },
    },
  },
  '/api/yaml': {
    get: {
      tag: 'yaml',
      access: 'admin',
      summary: 'Export every project, documents separated by ---',
      query: exportQuerySchema,
      responses: { 200: { description: 'A stream of project documents.', mediaType: YAML_TYPE, schema: projectDocumentsText } },
    },
  },
  '/api/yaml/apply': {
    post: {
      tag: 'yaml',
      access: 'config:write',
      summary: 'Apply project documents: create or update by metadata.name, all or nothing',
      description:
        '`dryRun` returns the plan and diff and writes nothing. A config:write token may only name its own project (403 otherwise, dry runs included).',
      query: applyQuerySchema,
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
    },
  },
};

import { projectListSchema, projectViewSchema } from '@/lib/contracts/projects';
import { createProjectSchema, updateProjectSchema } from '@/lib/schemas/projects';
import type { PathOperations } from '../operation';
import { JSON_TYPE, VIA } from './shared';

export const PROJECT_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects': {
    get: {
      tag: 'projects',
      access: 'admin',
      summary: 'List the projects',
      responses: { 200: { description: 'Every project, by id.', schema: projectListSchema } },
    },
    post: {
      tag: 'projects',
      access: 'admin',
      summary: 'Create a project',
      description: 'Its favourites start as version 1 of their history, recorded as made via X-Favindex-Via.',
      headers: [VIA],
      body: { required: true, content: { [JSON_TYPE]: createProjectSchema } },
      responses: { 201: { description: 'The project.', schema: projectViewSchema, headers: { Location: 'The new project’s URL.' } } },
      errors: ['PROJECT_EXISTS'],
    },
  },
  '/api/projects/{id}': {
    get: { tag: 'projects', access: 'admin', summary: 'Read a project', responses: { 200: { description: 'The project.', schema: projectViewSchema } } },
    patch: {
      tag: 'projects',
      access: 'admin',
      summary: 'Update a project (description, metaTools, retentionDays, surface)',
      description:
        'With expectedSurface (the config the change was made against, e.g. a plan’s current), a surface config changed meanwhile answers 409 CONFLICT with details.current and saves nothing.',
      body: { required: true, content: { [JSON_TYPE]: updateProjectSchema } },
      responses: { 200: { description: 'The project.', schema: projectViewSchema } },
      errors: ['CONFLICT'],
    },
    delete: {
      tag: 'projects',
      access: 'admin',
      summary: 'Delete a project with its catalog, events and tokens',
      responses: { 204: { description: 'Deleted.', mediaType: null } },
    },
  },
};

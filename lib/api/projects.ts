import { projectListSchema, projectViewSchema } from '@/lib/contracts/projects';
import { BODY_LIMITS } from '@/lib/limits';
import { VIA } from './shared';
import { createProjectSchema, updateProjectSchema } from '@/lib/schemas/projects';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** The projects themselves: the admin makes, reads, changes and deletes them. */
export const PROJECT_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/projects',
    tag: 'projects',
    access: 'admin',
    summary: 'List the projects',
    responses: { 200: { description: 'Every project, by id.', schema: projectListSchema } },
  }),
  create: endpoint({
    method: 'post',
    path: '/api/projects',
    json: createProjectSchema,
    bodyLimit: BODY_LIMITS.document,
    tag: 'projects',
    access: 'admin',
    summary: 'Create a project',
    description: 'Its favourites start as version 1 of their history, recorded as made via X-Favindex-Via.',
    headers: [VIA],
    responses: { 201: { description: 'The project.', schema: projectViewSchema, headers: { Location: 'The new project’s URL.' } } },
    errors: ['PROJECT_EXISTS'],
  }),
  read: endpoint({
    method: 'get',
    path: '/api/projects/{id}',
    params: projectParams,
    tag: 'projects',
    access: 'admin',
    summary: 'Read a project',
    responses: { 200: { description: 'The project.', schema: projectViewSchema } },
  }),
  update: endpoint({
    method: 'patch',
    path: '/api/projects/{id}',
    params: projectParams,
    json: updateProjectSchema,
    bodyLimit: BODY_LIMITS.document,
    tag: 'projects',
    access: 'admin',
    summary: 'Update a project (description, metaTools, retentionDays, surface)',
    description:
      'With expectedSurface (the config the change was made against, e.g. a plan’s current), a surface config changed meanwhile answers 409 CONFLICT with details.current and saves nothing.',
    responses: { 200: { description: 'The project.', schema: projectViewSchema } },
    errors: ['CONFLICT'],
  }),
  delete: endpoint({
    method: 'delete',
    path: '/api/projects/{id}',
    params: projectParams,
    tag: 'projects',
    access: 'admin',
    summary: 'Delete a project with its catalog, events and tokens',
    responses: { 204: { description: 'Deleted.', mediaType: null } },
  }),
};

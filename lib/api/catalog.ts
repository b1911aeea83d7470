import { catalogResponseSchema, catalogServerViewSchema, catalogVersionsResponseSchema, putCatalogResultSchema } from '@/lib/contracts/catalog';
import { syncResultSchema, syncViewSchema } from '@/lib/contracts/catalog-sync';
import { BODY_LIMITS } from '@/lib/limits';
import { UPSTREAM_ERRORS } from './shared';
import { toolsListSchema } from '@/lib/schemas/catalog';
import { syncRegistrationSchema } from '@/lib/schemas/catalog-sync';
import { endpoint } from './endpoint';
import { newServerParams, projectParams, serverParams } from './params';

/** A sync's answer, whether it registered the server or read it again. */
const SYNC_STORED = {
  description: 'What the sync stored: the version, what it added, removed and changed, and the registration.',
  schema: syncResultSchema,
};

/** A project's catalog (§catalog): each server's tools/list as uploaded or read by live sync, with its versions. */
export const CATALOG_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/projects/{id}/catalog',
    params: projectParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'The catalog: servers in order, their tools and fingerprints',
    responses: { 200: { description: 'The servers in order, each with its tools and live-sync registration.', schema: catalogResponseSchema } },
  }),
  server: endpoint({
    method: 'get',
    path: '/api/projects/{id}/catalog/{server}',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'One catalog server',
    responses: { 200: { description: 'The server with its tools.', schema: catalogServerViewSchema } },
    errors: ['SERVER_NOT_FOUND'],
  }),
  upload: endpoint({
    method: 'put',
    path: '/api/projects/{id}/catalog/{server}',
    params: newServerParams,
    json: toolsListSchema,
    bodyLimit: BODY_LIMITS.catalog,
    rule: '§catalog',
    tag: 'catalog',
    access: 'catalog:write',
    summary: "Upload a server's tools/list result",
    description:
      'A changed fingerprint is a new catalog version (§catalog); names of the project are resolved again. Bodies up to 10 MiB; at most 100 servers a project, the newest 20 versions kept per server.',
    responses: {
      200: { description: 'An update, or changed false when the list is the one in force.', schema: putCatalogResultSchema },
      201: { description: 'The same, for the first version of a new server.', schema: putCatalogResultSchema },
    },
    errors: ['SERVER_LIMIT_REACHED'],
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/projects/{id}/catalog/{server}',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'Remove a server from the catalog',
    responses: { 204: { description: 'Removed.', mediaType: null } },
    errors: ['SERVER_NOT_FOUND'],
  }),
  versions: endpoint({
    method: 'get',
    path: '/api/projects/{id}/catalog/{server}/versions',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'Catalog versions of a server: what each added, removed and changed',
    responses: { 200: { description: 'The versions, newest first.', schema: catalogVersionsResponseSchema } },
  }),
  sync: endpoint({
    method: 'get',
    path: '/api/projects/{id}/catalog/{server}/sync',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'The live-sync registration (headers masked), last sync and error',
    responses: { 200: { description: 'The registration, header values masked.', schema: syncViewSchema } },
    errors: ['SERVER_NOT_FOUND', 'SYNC_NOT_CONFIGURED'],
  }),
  register: endpoint({
    method: 'put',
    path: '/api/projects/{id}/catalog/{server}/sync',
    params: newServerParams,
    json: syncRegistrationSchema,
    rule: '§catalog',
    tag: 'catalog',
    access: 'admin',
    summary: 'Register a server by its Streamable HTTP URL and read its tools/list now',
    responses: { 200: SYNC_STORED, 201: { ...SYNC_STORED, description: `${SYNC_STORED.description} The server is new.` } },
    errors: ['SERVER_LIMIT_REACHED', ...UPSTREAM_ERRORS],
  }),
  syncNow: endpoint({
    method: 'post',
    path: '/api/projects/{id}/catalog/{server}/sync',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'Sync now',
    responses: { 200: SYNC_STORED },
    errors: ['SYNC_NOT_CONFIGURED', ...UPSTREAM_ERRORS],
  }),
  unregister: endpoint({
    method: 'delete',
    path: '/api/projects/{id}/catalog/{server}/sync',
    params: serverParams,
    tag: 'catalog',
    access: 'admin',
    summary: 'Stop syncing; the catalog stays',
    responses: { 204: { description: 'Stopped.', mediaType: null } },
    errors: ['SYNC_NOT_CONFIGURED'],
  }),
};

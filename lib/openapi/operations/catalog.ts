import { catalogResponseSchema, catalogServerViewSchema, catalogVersionsResponseSchema, putCatalogResultSchema } from '@/lib/contracts/catalog';
import { syncResultSchema, syncViewSchema } from '@/lib/contracts/catalog-sync';
import { toolsListSchema } from '@/lib/schemas/catalog';
import { syncRegistrationSchema } from '@/lib/schemas/catalog-sync';
import type { PathOperations, ResponseSpec } from '../operation';
import { JSON_TYPE, UPSTREAM_ERRORS } from './shared';

/** A sync's answer, whether it registered the server or read it again. */
const SYNC_STORED: ResponseSpec = {
  description: 'What the sync stored: the version, what it added, removed and changed, and the registration.',
  schema: syncResultSchema,
};

export const CATALOG_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/catalog': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'The catalog: servers in order, their tools and fingerprints',
      responses: { 200: { description: 'The servers in order, each with its tools and live-sync registration.', schema: catalogResponseSchema } },
    },
  },
  '/api/projects/{id}/catalog/{server}': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'One catalog server',
      responses: { 200: { description: 'The server with its tools.', schema: catalogServerViewSchema } },
      errors: ['SERVER_NOT_FOUND'],
    },
    put: {
      tag: 'catalog',
      access: 'catalog:write',
      summary: "Upload a server's tools/list result",
      description:
        'A changed fingerprint is a new catalog version (§catalog); names of the project are resolved again. Bodies up to 10 MiB; at most 100 servers a project, the newest 20 versions kept per server.',
      body: { required: true, content: { [JSON_TYPE]: toolsListSchema } },
      responses: {
        200: { description: 'An update, or changed false when the list is the one in force.', schema: putCatalogResultSchema },
        201: { description: 'The same, for the first version of a new server.', schema: putCatalogResultSchema },
      },
      errors: ['SERVER_LIMIT_REACHED'],
    },
    delete: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Remove a server from the catalog',
      responses: { 204: { description: 'Removed.', mediaType: null } },
      errors: ['SERVER_NOT_FOUND'],
    },
  },
  '/api/projects/{id}/catalog/{server}/versions': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Catalog versions of a server: what each added, removed and changed',
      responses: { 200: { description: 'The versions, newest first.', schema: catalogVersionsResponseSchema } },
    },
  },
  '/api/projects/{id}/catalog/{server}/sync': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'The live-sync registration (headers masked), last sync and error',
      responses: { 200: { description: 'The registration, header values masked.', schema: syncViewSchema } },
      errors: ['SERVER_NOT_FOUND', 'SYNC_NOT_CONFIGURED'],
    },
    put: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Register a server by its Streamable HTTP URL and read its tools/list now',
      body: { required: true, content: { [JSON_TYPE]: syncRegistrationSchema } },
      responses: { 200: SYNC_STORED, 201: { ...SYNC_STORED, description: `${SYNC_STORED.description} The server is new.` } },
      errors: ['SERVER_LIMIT_REACHED', ...UPSTREAM_ERRORS],
    },
    post: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Sync now',
      responses: { 200: SYNC_STORED },
      errors: ['SYNC_NOT_CONFIGURED', ...UPSTREAM_ERRORS],
    },
    delete: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Stop syncing; the catalog stays',
      responses: { 204: { description: 'Stopped.', mediaType: null } },
      errors: ['SYNC_NOT_CONFIGURED'],
    },
  },
};

import type { HeaderParameter } from '@/lib/openapi/operation';

/** What several declarations say alike: media types, request headers, upstream failures. */

export const JSON_TYPE = 'application/json';
export const YAML_TYPE = 'application/yaml';

export const VIA: HeaderParameter = {
  name: 'X-Favindex-Via',
  description: 'Where the change comes from, kept in the history of what it changes: ui, api (default) or cli.',
  schema: { type: 'string', enum: ['ui', 'api', 'cli'] },
};

export const IF_MATCH_OPTIONAL: HeaderParameter = {
  name: 'If-Match',
  description: 'The favourites version you read (its ETag, e.g. "7"); when sent, a newer version makes this a 412.',
  schema: { type: 'string' },
};

export const UPSTREAM_ERRORS = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_REJECTED', 'UPSTREAM_INVALID'] as const;

import { ApiError } from '@/lib/errors';
import type { FavouritesVia } from '@/lib/favourites/rules';
import { isOneOf } from '@/lib/records';

/** The favourites version as an ETag, quoted: "7". */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * The version named by `If-Match`: a number, `*` (any version: an explicit "overwrite"), or
 * undefined when the header is absent. Weak tags are read as their version.
 */
export function readIfMatch(req: Request): number | '*' | undefined {
  const raw = req.headers.get('if-match');
  if (raw === null) return undefined;
  const value = raw.trim();
  if (value === '*') return '*';
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) {
    throw new ApiError('MALFORMED_REQUEST', `If-Match '${raw}' is not a favourites version`, {
      suggestedAction: 'send the ETag of GET /api/projects/:id/favourites, e.g. If-Match: "7", or * to overwrite any version',
      citedRule: '§favourites',
    });
  }
  return Number(match[1]);
}

/** A whole-list replacement must say which version it replaces: without it, edits get lost. */
export function requireIfMatch(req: Request): number | undefined {
  const version = readIfMatch(req);
  if (version === undefined) {
    throw new ApiError('VERSION_REQUIRED', 'replacing the favourites needs the version you read in If-Match', {
      suggestedAction:
        'read GET /api/projects/:id/favourites and send its ETag as If-Match; send If-Match: * to overwrite whatever is there, or use the pin/unpin/move operations, which need no version',
      citedRule: '§favourites',
    });
  }
  return version === '*' ? undefined : version;
}

/** An optional If-Match: checked when given. */
export function optionalIfMatch(req: Request): number | undefined {
  const version = readIfMatch(req);
  return version === '*' ? undefined : version;
}

const CLIENT_VIAS = ['ui', 'api', 'cli'] as const;
export const VIA_HEADER = 'x-favindex-via';

/**
 * Where a favourites write came from, for the history: the dashboard sends `X-Favindex-Via: ui`,
 * the CLI `cli`; anything else is the API. YAML applies are recorded as `yaml` by their route.
 * It is provenance a client declares, not an authorisation.
 */
export function readWriteVia(req: Request): FavouritesVia {
  const raw = req.headers.get(VIA_HEADER);
  if (raw === null || raw.trim() === '') return 'api';
  const value = raw.trim().toLowerCase();
  if (isOneOf(CLIENT_VIAS, value)) return value;
  throw new ApiError('MALFORMED_REQUEST', `${VIA_HEADER} '${raw}' is not one of ${CLIENT_VIAS.join(', ')}`, {
    suggestedAction: `send ${VIA_HEADER}: ui, api or cli, or leave it out (api)`,
    citedRule: '§favourites',
  });
}

import { ApiError, type SpecRule } from '@/lib/errors';
import { isOneOf } from '@/lib/records';

/**
 * A setting kept in versions whose writes name the version they replace in If-Match (the
 * favourites, §favourites; the routers, §routers): the words its refusals use.
 */
export interface VersionedSetting {
  /** As a sentence names it: 'favourites'. */
  name: string;
  /** The read that answers its ETag. */
  read: string;
  rule: SpecRule;
  /** A way to change it that needs no version, said after the others in a refusal ('' when none). */
  withoutVersion: string;
}

export const FAVOURITES_SETTING: VersionedSetting = {
  name: 'favourites',
  read: 'GET /api/projects/:id/favourites',
  rule: '§favourites',
  withoutVersion: ', or use the pin/unpin/move operations, which need no version',
};

export const ROUTERS_SETTING: VersionedSetting = { name: 'routers', read: 'GET /api/projects/:id/routers', rule: '§routers', withoutVersion: '' };

/** A version as an ETag, quoted: "7". */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * The version named by `If-Match`: a number, `*` (any version: an explicit "overwrite"), or
 * undefined when the header is absent. Weak tags are read as their version.
 */
export function readIfMatch(req: Request, setting: VersionedSetting): number | '*' | undefined {
  const raw = req.headers.get('if-match');
  if (raw === null) return undefined;
  const value = raw.trim();
  if (value === '*') return '*';
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) {
    throw new ApiError('MALFORMED_REQUEST', `If-Match '${raw}' is not a ${setting.name} version`, {
      suggestedAction: `send the ETag of ${setting.read}, e.g. If-Match: "7", or * to overwrite any version`,
      citedRule: setting.rule,
    });
  }
  return Number(match[1]);
}

/** A whole replacement must say which version it replaces: without it, edits get lost. */
export function requireIfMatch(req: Request, setting: VersionedSetting): number | undefined {
  const version = readIfMatch(req, setting);
  if (version === undefined) {
    throw new ApiError('VERSION_REQUIRED', `replacing the ${setting.name} needs the version you read in If-Match`, {
      suggestedAction: `read ${setting.read} and send its ETag as If-Match; send If-Match: * to overwrite whatever is there${setting.withoutVersion}`,
      citedRule: setting.rule,
    });
  }
  return version === '*' ? undefined : version;
}

/** An optional If-Match: checked when given. */
export function optionalIfMatch(req: Request, setting: VersionedSetting): number | undefined {
  const version = readIfMatch(req, setting);
  return version === '*' ? undefined : version;
}

const CLIENT_VIAS = ['ui', 'api', 'cli'] as const;
export const VIA_HEADER = 'x-favindex-via';

/**
 * Where a write came from, for its history: the dashboard sends `X-Favindex-Via: ui`, the CLI
 * `cli`; anything else is the API. YAML applies are recorded as `yaml` by their route. It is
 * provenance a client declares, not an authorisation.
 */
export function readWriteVia(req: Request, rule: SpecRule = '§favourites'): (typeof CLIENT_VIAS)[number] {
  const raw = req.headers.get(VIA_HEADER);
  if (raw === null || raw.trim() === '') return 'api';
  const value = raw.trim().toLowerCase();
  if (isOneOf(CLIENT_VIAS, value)) return value;
  throw new ApiError('MALFORMED_REQUEST', `${VIA_HEADER} '${raw}' is not one of ${CLIENT_VIAS.join(', ')}`, {
    suggestedAction: `send ${VIA_HEADER}: ui, api or cli, or leave it out (api)`,
    citedRule: rule,
  });
}

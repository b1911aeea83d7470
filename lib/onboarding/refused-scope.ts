import { formatRelative } from '@/lib/format';
import { PROXY_SCOPES, type TokenScope } from '@/lib/schemas/tokens';
import { isOneOf } from '@/lib/records';

/** What a token holder could not do for want of each scope, as the Tokens tab and first-run step say it. */
const CANNOT: Record<TokenScope, string> = {
  'events:write': 'it cannot send events',
  'surface:read': 'it cannot read the surface',
  'catalog:write': 'it cannot upload the catalog',
  'usage:read': 'it cannot read usage or suggestions',
  'config:read': 'it cannot read the favourites or YAML',
  'favourites:write': 'it cannot change the favourites',
  'config:write': 'it cannot apply YAML',
  'bakeoffs:write': 'it cannot upload bake-off runs',
  'metrics:read': 'it cannot scrape /metrics',
};

const isProxyScope = (scope: TokenScope) => isOneOf(PROXY_SCOPES, scope);

/**
 * "refused catalog:write 2 min ago: it cannot upload the catalog; make a token for a proxy".
 * A scope a proxy needs points at the proxy choice, since that is what holds it; another names the scope.
 */
export function refusalText(refused: { scope: TokenScope; at: string }, now = Date.now()): string {
  const fix = isProxyScope(refused.scope) ? 'make a token for a proxy' : `make a token with ${refused.scope}`;
  return `refused ${refused.scope} ${formatRelative(refused.at, now)}: ${CANNOT[refused.scope]}; ${fix}`;
}

'use client';

import { useTokensQuery } from '@/components/api/use-tokens-query';
import { Card, CardHeader } from '@/components/ui/card';
import type { PreviewResponse } from '@/lib/contracts/preview';
import { countOf } from '@/lib/format';

export interface PreviewIdentity {
  token: string;
  client: string;
}

const SHOWN_HIDDEN = 20;

/**
 * Whom the lists are for (§policy): a project token, which is what a proxy is, and the client
 * name its session gives. The lists below are that identity's, and the tools the project's tool
 * policy keeps from it are named with the rule that does.
 */
export function IdentityPicker({
  id,
  identity,
  onChange,
  policy,
}: {
  id: string;
  identity: PreviewIdentity;
  onChange: (next: PreviewIdentity) => void;
  policy: PreviewResponse['policy'] | undefined;
}) {
  const tokens = useTokensQuery(id);
  const names = [...new Set((tokens.data?.tokens ?? []).filter((t) => t.revokedAt === null).map((t) => t.name))].sort();
  const hidden = policy?.hidden ?? [];
  return (
    <Card aria-labelledby="identity-heading">
      <CardHeader id="identity-heading" title="Who is asking" note="the project's tool policy decides what each token and client may see and call" />
      <div className="row">
        <label className="field">
          Token
          <select value={identity.token} onChange={(e) => onChange({ ...identity, token: e.target.value })} aria-label="Token">
            <option value="">Any token no rule names</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Client name
          <input
            value={identity.client}
            onChange={(e) => onChange({ ...identity, client: e.target.value })}
            placeholder="as its session names itself, e.g. claude-code"
            aria-label="Client name"
          />
        </label>
      </div>
      {hidden.length === 0 ? (
        <p className="small" data-testid="policy-hidden-none">
          The tool policy keeps no tool from this identity.
        </p>
      ) : (
        <div data-testid="policy-hidden">
          <p className="small">The tool policy keeps {countOf(hidden.length, 'tool')} from this identity: they are in no list, no search and no call below.</p>
          <ul className="small">
            {hidden.slice(0, SHOWN_HIDDEN).map((tool) => (
              <li key={tool.canonical}>
                <span className="mono">{tool.canonical}</span> — {tool.reason}
                {tool.note ? ` (${tool.note})` : ''}
              </li>
            ))}
          </ul>
          {hidden.length > SHOWN_HIDDEN ? <p className="small">and {countOf(hidden.length - SHOWN_HIDDEN, 'more tool')}.</p> : null}
        </div>
      )}
    </Card>
  );
}

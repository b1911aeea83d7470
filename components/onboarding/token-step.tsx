'use client';

import { type FormEvent, useState } from 'react';
import { useCreateTokenMutation } from '@/components/api/use-create-token-mutation';
import { ErrorNotice } from '@/components/ui/error-notice';
import { countOf } from '@/lib/format';
import { unusedTokenName } from '@/lib/onboarding/token-name';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import styles from './first-run-checklist.module.css';

/** Make a token for a proxy on the first-run page, so its secret can go straight into the client config. */
export function TokenStep({ id, activeNames, onToken }: { id: string; activeNames: readonly string[]; onToken: (secret: string) => void }) {
  const create = useCreateTokenMutation(id);
  // A name no live token has: a second token of a name is refused (§auth).
  const [name, setName] = useState(() => unusedTokenName('first proxy', activeNames));
  const activeTokens = activeNames.length;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || create.isPending) return;
    const created = await create.mutateAsync({ name: name.trim(), scopes: [...PROXY_SCOPES] }).catch(() => null);
    if (created) {
      onToken(created.token);
      // The form goes; the focus goes to the config that now holds the token.
      requestAnimationFrame(() =>
        document.querySelector('[data-testid="proxy-snippet"]')?.parentElement?.querySelector<HTMLElement>('button[data-copy]')?.focus(),
      );
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Create a token">
      <p className="small">
        {activeTokens > 0
          ? `${countOf(activeTokens, 'active token')} already; a secret is shown only when it is made, so make one here to have it in the config. `
          : ''}
        The proxy shows favindex this token whenever it sends its calls, reads which tools to list and uploads its servers’ tools ({PROXY_SCOPES.join(', ')}).
        In local mode favindex takes a proxy on this machine without one; the config carries one anyway, so it keeps working once favindex has a password.
      </p>
      <div className={`row ${styles.tokenRow}`}>
        <label className="field">
          Token name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <button type="submit" className="primary" disabled={!name.trim() || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
      {create.isError ? <ErrorNotice error={create.error} /> : null}
    </form>
  );
}

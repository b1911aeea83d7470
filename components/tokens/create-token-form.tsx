'use client';

import { useState, type FormEvent } from 'react';
import { useCreateTokenMutation } from '@/components/api/use-create-token-mutation';
import { Alert } from '@/components/ui/alert';
import { CardForm } from '@/components/ui/card';
import { SubmitError } from '@/components/ui/error-notice';
import { useWarnBeforeUnload } from '@/components/ui/use-warn-before-unload';
import { PROXY_SCOPES, TOKEN_SCOPE_HELP, TOKEN_SCOPES, type TokenScope } from '@/lib/schemas/tokens';
import styles from './create-token-form.module.css';

export function CreateTokenForm({ projectId }: { projectId: string }) {
  const create = useCreateTokenMutation(projectId);
  const [name, setName] = useState('');
  // A token for a proxy is the common case and the one easiest to get wrong, so it is the default
  // and holds exactly PROXY_SCOPES; other scopes are picked by hand.
  const [forProxy, setForProxy] = useState(true);
  const [picked, setPicked] = useState<TokenScope[]>([...PROXY_SCOPES]);
  const scopes: TokenScope[] = forProxy ? [...PROXY_SCOPES] : picked;
  const valid = name.trim() !== '' && scopes.length > 0;
  // Kept here, not in the mutation: a refused second token (a name taken) leaves the first secret on screen.
  const [secrets, setSecrets] = useState<{ id: string; name: string; secret: string }[]>([]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    const created = await create.mutateAsync({ name: name.trim(), scopes }).catch(() => null);
    if (created) {
      setName('');
      setSecrets((shown) => [...shown, { id: created.id, name: created.name, secret: created.token }]);
    }
  }

  function toggle(scope: TokenScope, on: boolean) {
    setPicked((current) => TOKEN_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  }

  return (
    <CardForm onSubmit={onSubmit} aria-labelledby="new-token-heading">
      <h2 id="new-token-heading">New token</h2>
      <p className="small muted" style={{ marginTop: 0 }}>
        A proxy sends it as <code>Authorization: Bearer &lt;token&gt;</code>. It opens this project only.
      </p>
      <p className="small" data-testid="secret-shown-once" style={{ marginTop: 0 }}>
        Its secret is shown once, here, when it is made: copy it before you leave or reload this page. favindex keeps only a hash of it; a lost secret cannot be
        shown again, so make a new token and revoke the old one. Each token has a name of its own.
      </p>
      <div className="row" style={{ alignItems: 'flex-end' }}>
        <label className="field" style={{ flex: 1 }}>
          Token name
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="claude-code proxy on ci-runner-3" maxLength={100} />
        </label>
        <button type="submit" className="primary" disabled={!valid || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
      <fieldset className={styles.purpose}>
        <legend className="small muted">For</legend>
        <label className="small">
          <input type="radio" name="purpose" checked={forProxy} onChange={() => setForProxy(true)} />
          <span>
            a proxy (<code>favindex proxy</code>): <span className="muted">{PROXY_SCOPES.join(', ')}</span>
          </span>
        </label>
        <label className="small">
          <input type="radio" name="purpose" checked={!forProxy} onChange={() => setForProxy(false)} />
          <span>a script or the CLI: pick its scopes</span>
        </label>
      </fieldset>
      <fieldset className={styles.scopes} disabled={forProxy}>
        <legend className="small muted">Scopes{forProxy ? ': what a proxy needs' : ''}</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="small">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <code>{scope}</code> <span className="muted">{TOKEN_SCOPE_HELP[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {scopes.length === 0 ? (
        <div className="small muted" style={{ marginTop: 6 }}>
          Pick at least one scope.
        </div>
      ) : null}
      <SubmitError write={create} />
      {secrets.map((made) => (
        <NewSecret key={made.id} name={made.name} secret={made.secret} onDone={() => setSecrets((shown) => shown.filter((s) => s.id !== made.id))} />
      ))}
    </CardForm>
  );
}

/** The one time the secret is on screen; "Done" drops it from memory. Until then a reload asks first. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  useWarnBeforeUnload(true);
  return (
    <Alert tone="accent" role="status" style={{ marginTop: 12 }}>
      <strong>Copy the token for “{name}” now: it will not be shown again, and leaving or reloading this page loses it.</strong>
      <div className="row" style={{ marginTop: 8 }}>
        <code className={styles.secret} data-testid="new-token-secret">
          {secret}
        </code>
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </Alert>
  );
}

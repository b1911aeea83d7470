'use client';

import { useState, type FormEvent } from 'react';
import { useLoginMutation } from '@/components/api/use-login-mutation';
import { CardForm } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import styles from './login-card.module.css';

export function LoginForm({ next }: { next: string }) {
  const login = useLoginMutation();
  const [password, setPassword] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ok = await login.mutateAsync(password).then(
      () => true,
      () => false,
    );
    // A full navigation, so the server renders the header (and everything else) as signed in.
    if (ok) window.location.assign(next);
    else setPassword('');
  }

  return (
    // method=post: a submit before hydration must not put the password in the URL.
    <CardForm className={styles.loginCard} method="post" onSubmit={onSubmit} aria-labelledby="login-heading">
      <h1 id="login-heading">Log in</h1>
      <p className="subtitle">This favindex needs the admin password.</p>
      <label className="field">
        Admin password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          // biome-ignore lint/a11y/noAutofocus: the login page has one field, and typing the password is all there is to do
          autoFocus
        />
      </label>
      {login.isError ? (
        <div className={styles.error}>
          <ErrorNotice error={login.error} />
        </div>
      ) : null}
      <div className={`row ${styles.actions}`}>
        <button type="submit" className="primary" disabled={!password || login.isPending || login.isSuccess}>
          {login.isPending || login.isSuccess ? 'Logging in…' : 'Log in'}
        </button>
      </div>
    </CardForm>
  );
}

import type { Metadata } from 'next';
import { PageLink } from '@/components/ui/page-link';
import { connection } from 'next/server';
import styles from '@/components/auth/login-card.module.css';
import { LoginForm } from '@/components/auth/login-form';
import { Card } from '@/components/ui/card';
import { authMode } from '@/server/auth/mode';
import { safeNextPath } from '@/lib/auth/next-path';

export const metadata: Metadata = { title: 'Log in · favindex' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  await connection();
  const { next } = await searchParams;
  if (authMode() === 'local') {
    return (
      <Card className={styles.loginCard}>
        <h1>No login needed</h1>
        <p className="subtitle">
          This favindex runs in local mode: it listens on 127.0.0.1 only and is open to this machine. Start it with <code>FAVINDEX_ADMIN_PASSWORD</code> to
          require a login.
        </p>
        <PageLink href="/">Open the projects</PageLink>
      </Card>
    );
  }
  return <LoginForm next={safeNextPath(typeof next === 'string' ? next : null)} />;
}

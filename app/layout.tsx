import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { AuthStatus } from '@/components/auth/auth-status';
import { pageAuth } from '@/server/auth/page-auth';
import './globals.css';
import styles from './layout.module.css';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: 'favindex',
  description: 'Which MCP tools your models really use, and which ones they should see.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The header's access state is the server's environment and this browser's cookie: per request.
  await connection();
  const auth = await pageAuth();
  return (
    <html lang="en">
      <body>
        <Providers>
          <header className={styles.header}>
            <Link href="/" className={styles.brand}>
              fav<span>index</span>
            </Link>
            <nav aria-label="Main" className={styles.nav}>
              <Link href="/">Projects</Link>
              <Link href="/docs/rules">Rules</Link>
              <Link href="/docs/api">API</Link>
            </nav>
            <AuthStatus mode={auth.mode} signedIn={auth.signedIn} />
          </header>
          <main className={styles.page}>{children}</main>
        </Providers>
      </body>
    </html>
  );
}

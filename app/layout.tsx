import type { Metadata } from 'next';
import { PageLink } from '@/components/ui/page-link';
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
          {/* The first stop of the Tab key: past the header and its links to the page itself. */}
          <a href="#content" className={styles.skip}>
            Skip to content
          </a>
          <header className={styles.header}>
            <PageLink href="/" className={styles.brand}>
              fav<span>index</span>
            </PageLink>
            <nav aria-label="Main" className={styles.nav}>
              <PageLink href="/">Projects</PageLink>
              <PageLink href="/docs/rules">Rules</PageLink>
              <PageLink href="/docs/api">API</PageLink>
            </nav>
            <AuthStatus mode={auth.mode} signedIn={auth.signedIn} />
          </header>
          <main id="content" tabIndex={-1} className={styles.page}>
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}

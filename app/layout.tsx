import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AuthStatus } from '@/components/auth/auth-status';
import './globals.css';
import styles from './layout.module.css';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: 'favindex',
  description: 'Which MCP tools your models really use, and which ones they should see.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
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
            </nav>
            <AuthStatus />
          </header>
          <main className={styles.page}>{children}</main>
        </Providers>
      </body>
    </html>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AuthStatus } from '@/components/auth/auth-status';
import './globals.css';
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
          <header className="app-header">
            <Link href="/" className="brand">
              fav<span>index</span>
            </Link>
            <nav aria-label="Main">
              <Link href="/">Projects</Link>
              <Link href="/docs/rules">Rules</Link>
              <Link href="/docs/api">API</Link>
            </nav>
            <AuthStatus />
          </header>
          <main className="page">{children}</main>
        </Providers>
      </body>
    </html>
  );
}

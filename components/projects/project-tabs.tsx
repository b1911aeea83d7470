'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './project-tabs.module.css';

const TABS = [
  { href: '', label: 'Usage' },
  { href: '/favourites', label: 'Favourites' },
  { href: '/catalog', label: 'Catalog' },
  { href: '/events', label: 'Events' },
  { href: '/preview', label: 'Preview' },
  { href: '/tokens', label: 'Tokens' },
  { href: '/yaml', label: 'YAML' },
];

export function ProjectTabs({ id }: { id: string }) {
  const pathname = usePathname();
  const base = `/projects/${id}`;
  return (
    <nav className={styles.tabs} aria-label="Project sections">
      {TABS.map((tab) => {
        const href = `${base}${tab.href}`;
        return (
          <Link key={tab.label} href={href} aria-current={pathname === href ? 'page' : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

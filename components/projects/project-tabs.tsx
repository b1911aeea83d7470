'use client';

import { PageLink } from '@/components/ui/page-link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import styles from './project-tabs.module.css';

const TABS = [
  { href: '', label: 'Usage' },
  { href: '/favourites', label: 'Favourites' },
  { href: '/routers', label: 'Routers' },
  { href: '/impact', label: 'Impact' },
  { href: '/bakeoff', label: 'Bake-off' },
  { href: '/catalog', label: 'Catalog' },
  { href: '/proxies', label: 'Proxies' },
  { href: '/events', label: 'Events' },
  { href: '/preview', label: 'Preview' },
  { href: '/tokens', label: 'Tokens' },
  { href: '/policy', label: 'Policy' },
  { href: '/settings', label: 'Settings' },
  { href: '/yaml', label: 'YAML' },
];

export function ProjectTabs({ id }: { id: string }) {
  const pathname = usePathname();
  const base = `/projects/${id}`;
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls: bring the current tab into view, as a tab bar would, on each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is what moves the current tab
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && nav.current && nav.current.scrollWidth > nav.current.clientWidth) current.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <nav ref={nav} className={styles.tabs} aria-label="Project sections">
      {TABS.map((tab) => {
        const href = `${base}${tab.href}`;
        return (
          <PageLink key={tab.label} href={href} aria-current={pathname === href ? 'page' : undefined}>
            {tab.label}
          </PageLink>
        );
      })}
    </nav>
  );
}

import type { ReactNode } from 'react';
import './docs.css';

/** The documentation pages: the rules errors cite (/docs/rules) and the API reference (/docs/api). */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return children;
}

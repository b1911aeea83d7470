import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to a page of the dashboard, loaded when followed. Every page renders per request (the
 * header reads the session), so Next's prefetch of each visible link asked for a render of a
 * dynamic page and abandoned it half-read (two aborted requests per link, on every load) while
 * the server did the work anyway. A page is small and its data comes from the API, so a click
 * loses little by not being prefetched.
 */
export function PageLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}

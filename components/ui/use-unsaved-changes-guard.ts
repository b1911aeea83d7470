'use client';

import { useEffect } from 'react';
import { useWarnBeforeUnload } from './use-warn-before-unload';

/** The question a link away from an unsaved form asks: OK discards the changes and leaves, Cancel keeps them. */
export const leaveQuestion = (what: string) => `${what} has changes you have not saved. Leave and discard them?`;

/**
 * While `unsaved` holds, nothing drops the edit without asking: a click on a link to another page
 * (another project tab, the projects list) asks first in a confirm dialog, and stays on the page
 * unless the person chooses to discard; a reload or closing the tab gets the browser's own
 * "leave site?" prompt (beforeunload). `what` names the form in the question, e.g. "Settings".
 */
export function useUnsavedChangesGuard(unsaved: boolean, what: string) {
  useWarnBeforeUnload(unsaved);
  useEffect(() => {
    if (!unsaved) return;
    // Capture on window: ahead of the link's own handler (Next's Link navigates in its onClick).
    const onClick = (event: MouseEvent) => {
      if (!leavesPage(event) || window.confirm(leaveQuestion(what))) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [unsaved, what]);
}

/** A plain click on a link that takes this tab to another page (not a download, a new tab, or a place on this page). */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return false;
  const to = new URL(link.href, window.location.href);
  return to.origin !== window.location.origin || to.pathname !== window.location.pathname || to.search !== window.location.search;
}

'use client';

import { useEffect } from 'react';

/**
 * While `active`, a reload or a closed tab asks first, in the browser's own words: what is on
 * screen cannot be had again (a token's secret). A link inside the dashboard is not asked about.
 */
export function useWarnBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium before 119 asks only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

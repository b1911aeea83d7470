'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/** Finds, in the page as it is now drawn, where the keyboard focus should be. */
export type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Keeps the keyboard focus on the row a person acted on while a write redraws the list: a row
 * that moved, the next row after one that went, the control that replaced a button that went.
 * `keep(target)` before the write; after each redraw the target is found and focused, until the
 * write has settled (`settled`). Without this the focus falls to <body> and the place is lost.
 */
export function useKeepFocus(settled: boolean): (target: FocusTarget) => void {
  const pending = useRef<{ find: FocusTarget; from: Element | null } | null>(null);
  useLayoutEffect(() => {
    const request = pending.current;
    if (!request) return;
    const active = document.activeElement;
    const dropped = active === null || active === document.body || !active.isConnected;
    if (!dropped && active !== request.from) {
      // Moved by the person meanwhile (Tab, a click elsewhere): theirs to keep.
      pending.current = null;
      return;
    }
    // Still on the control that was used: wait, unless the write is done (then go to the target).
    if (!dropped && !settled) return;
    const element = request.find();
    if (element && active !== element) element.focus();
    if (settled) pending.current = null;
  });
  return useCallback((find: FocusTarget) => {
    pending.current = { find, from: document.activeElement };
  }, []);
}

/** The first of the candidates that is in the page and takes focus (not disabled). */
export function firstFocusable(...candidates: (Element | null | undefined)[]): HTMLElement | null {
  for (const candidate of candidates) {
    if (candidate instanceof HTMLElement && !(candidate as HTMLButtonElement).disabled) return candidate;
  }
  return null;
}

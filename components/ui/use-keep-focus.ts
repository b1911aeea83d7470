'use client';

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Finds, in the page as it is now drawn, where the keyboard focus should be. */
export type FocusTarget = () => HTMLElement | null | undefined;

/** After a write settles, lists fed by other queries may still redraw once (a refetch). */
const GUARD_AFTER_SETTLED_MS = 2_000;

interface Pending {
  find: FocusTarget;
  /** The element that had the focus when the person acted, then the one the focus was put on. */
  from: Element | null;
  /** Put on its target once the write settled: from then on it only comes back if dropped. */
  placed: boolean;
}

function focusDropped(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Keeps the keyboard focus on the row a person acted on while a write redraws the list: a row
 * that moved, the next row after one that went, the control that replaced a button that went.
 * `keep(target)` before the write; after each redraw the target is found and focused. Once the
 * write has settled it stays on guard a little longer, because a list fed by another query is
 * redrawn by its refetch after the write and would drop the focus to <body> again; the guard
 * ends as soon as the person moves the focus themselves.
 */
export function useKeepFocus(settled: boolean): (target: FocusTarget) => void {
  const pending = useRef<Pending | null>(null);

  const place = useCallback((request: Pending) => {
    const element = request.find();
    if (element && document.activeElement !== element) element.focus();
    if (element) request.from = element;
  }, []);

  useLayoutEffect(() => {
    const request = pending.current;
    if (!request) return;
    const dropped = focusDropped();
    if (!dropped && document.activeElement !== request.from) {
      // Moved by the person meanwhile (Tab, a click elsewhere): theirs to keep.
      pending.current = null;
      return;
    }
    // Still on the control that was used: wait, unless the write is done (then go to the target).
    if (dropped || (settled && !request.placed)) place(request);
    if (settled) request.placed = true;
  });

  // Redraws outside this component (another query's refetch) run no effect here: watch the
  // focus itself until the guard ends.
  useEffect(() => {
    if (!settled) return;
    let frame = 0;
    const until = Date.now() + GUARD_AFTER_SETTLED_MS;
    const watch = () => {
      const request = pending.current;
      if (!request?.placed) return;
      if (Date.now() > until) {
        pending.current = null;
        return;
      }
      if (focusDropped()) place(request);
      else if (document.activeElement !== request.from) {
        pending.current = null;
        return;
      }
      frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
    return () => cancelAnimationFrame(frame);
  }, [settled, place]);

  return useCallback((find: FocusTarget) => {
    pending.current = { find, from: document.activeElement, placed: false };
  }, []);
}

/** The first of the candidates that is in the page and takes focus (not disabled). */
export function firstFocusable(...candidates: (Element | null | undefined)[]): HTMLElement | null {
  for (const candidate of candidates) {
    if (candidate instanceof HTMLElement && !('disabled' in candidate && candidate.disabled)) return candidate;
  }
  return null;
}

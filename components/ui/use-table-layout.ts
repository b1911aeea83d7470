'use client';

import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** Below this much room (a phone held upright) a table is always drawn as cards. */
export const CARDS_BELOW_PX = 480;

/**
 * Table or cards, by the room the table has: cards on a phone-wide box, and where its columns
 * need more room than its box gives them (a narrow card beside another), so nothing scrolls
 * sideways or is cut; a table wherever it fits. Measured on the table layout itself before the
 * browser paints, and again when the box or the table changes size.
 *
 * The choice is the frame's `data-layout` attribute, set here and read by the CSS, not React
 * state: measuring must draw the table layout for a moment, which a render could not do unseen.
 */
export function useTableLayout(frame: RefObject<HTMLElement | null>, scroller: RefObject<HTMLElement | null>, rows: unknown, columns: unknown) {
  const watch = useRef<{ frame: HTMLElement; stop: () => void } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows or columns are what may no longer fit
  useLayoutEffect(() => {
    const box = frame.current;
    const inner = scroller.current;
    // No frame: the table says it is empty instead; it is fitted when rows come.
    if (!box || !inner) return;
    fitTable(box, inner);
    if (watch.current?.frame !== box) {
      watch.current?.stop();
      watch.current = { frame: box, stop: refitOnResize(box, inner) };
    }
  }, [frame, scroller, rows, columns]);
  useEffect(
    () => () => {
      watch.current?.stop();
      watch.current = null;
    },
    [],
  );
}

/** Fits the table again whenever its box or the table itself changes size; returns how to stop. */
function refitOnResize(frame: HTMLElement, scroller: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  // A frame later: choosing the layout inside the callback would resize what it observes, in the same frame.
  let pending = 0;
  const observer = new ResizeObserver(() => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      fitTable(frame, scroller);
    });
  });
  observer.observe(frame);
  if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(pending);
  };
}

/** Sets the frame's layout; the same room always gives the same answer, whichever layout it was in. */
export function fitTable(frame: HTMLElement, scroller: HTMLElement): void {
  if (frame.clientWidth < CARDS_BELOW_PX) {
    frame.dataset.layout = 'cards';
    return;
  }
  frame.dataset.layout = 'table';
  if (scroller.scrollWidth > scroller.clientWidth + 1) frame.dataset.layout = 'cards';
}

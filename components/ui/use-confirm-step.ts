'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * An action that asks once more in place: `toggle(true)` swaps the button for a Confirm, and the
 * focus follows (to Confirm on opening, back to the opener on closing, confirmed or cancelled),
 * since the element that had it is gone and the focus must not fall to the page.
 */
export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (confirming ? confirm : opener).current?.focus();
  }, [confirming]);
  function toggle(next: boolean) {
    toggled.current = true;
    setConfirming(next);
  }
  return { confirming, toggle, opener, confirm };
}

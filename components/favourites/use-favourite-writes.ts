'use client';

import { useState } from 'react';
import { type FavouriteWrite, useFavouriteMutation } from '@/components/api/use-favourite-mutation';
import { type FocusTarget, useKeepFocus } from '@/components/ui/use-keep-focus';
import { ApiClientError } from '@/components/api/fetch';
import { errorDetails } from '@/lib/contracts/error-details';
import { describeChange } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { StaleWrite } from './favourites-notices';

/** What the last write did, said aloud (a live region) and shown, with the write that undoes it. */
export interface WriteNotice {
  text: string;
  /** What the answer warns of, the write made all the same (a pin past the attention budget, §routers). */
  warning?: string;
  undo?: { write: FavouriteWrite; focus: FocusTarget; said: string };
}

/** What the page asks of a write besides the write itself. */
export interface WriteOptions {
  /** Where the focus goes once the list is redrawn. */
  focus?: FocusTarget;
  /** What to say when it worked, from the favourites after it. */
  said?: (after: FavouritesView) => string;
  undo?: WriteNotice['undo'];
}

/**
 * The favourites page's writes: each is announced, pin and unpin can be undone, the focus stays
 * on the row, and a write refused because someone else changed the list (412) says so instead
 * of failing.
 */
export function useFavouriteWrites(id: string, view: FavouritesView) {
  const write = useFavouriteMutation(id);
  const [stale, setStale] = useState<StaleWrite | null>(null);
  const [notice, setNotice] = useState<WriteNotice | null>(null);
  const keepFocus = useKeepFocus(!write.isPending);

  async function run(change: FavouriteWrite, options: WriteOptions = {}): Promise<boolean> {
    if (write.isPending) return false;
    setStale(null);
    write.reset();
    if (options.focus) keepFocus(options.focus);
    const seen = view;
    try {
      const after = await write.mutateAsync(change);
      if (options.said) setNotice({ text: options.said(after), undo: after.changed ? options.undo : undefined, warning: after.warning ?? undefined });
      return true;
    } catch (err) {
      setNotice(null);
      if (err instanceof ApiClientError && err.status === 412) {
        const mismatch = errorDetails(err.envelope, 'VERSION_MISMATCH');
        // The favourites' shape of a stale write: a version and a list (the routers' has a version too).
        const details = mismatch && 'currentVersion' in mismatch ? mismatch : undefined;
        const current = details && 'tools' in details.current ? details.current : undefined;
        setStale({ version: details?.currentVersion ?? 0, what: current ? describeChange(seen, current) : '' });
        write.reset();
      }
      return false;
    }
  }

  function undo() {
    const undoing = notice?.undo;
    if (!undoing) return;
    void run(undoing.write, { focus: undoing.focus, said: () => undoing.said });
  }

  return {
    run,
    undo,
    busy: write.isPending,
    error: write.isError ? write.error : null,
    stale,
    dismissStale: () => setStale(null),
    notice,
  };
}

/** `[data-…="name"]` for any tool name: quotes and backslashes escaped. */
export function attr(name: string, value: string): string {
  return `[${name}="${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]`;
}

import type { ModePreview } from '@/lib/contracts/preview';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { modeName } from './mode-traits';

/** The mode that suits a client as previewed, in one sentence. */
export interface ModeFit {
  mode: SurfaceMode;
  why: string;
}

/**
 * What fits depends on what the client defers. A client that defers keeps the model's context
 * small itself: what helps it is one stable name per tool (a search never spends a result on a
 * second name of the same tool, and permission rules keep working) and favourites it keeps
 * loaded. A client that sends everything needs the favourites first and named as such.
 */
export function modeFit(clientLabel: string, preview: Pick<ModePreview, 'visibility'> | undefined, alwaysLoadFavourites: boolean): ModeFit {
  const defers = preview?.visibility.defers ?? 'nothing';
  const search = preview?.visibility.search?.tool;
  const behind = search ? ` behind its ${search}` : '';
  if (defers === 'unmarked') {
    const loaded = alwaysLoadFavourites
      ? 'marks the favourites to stay loaded'
      : 'can keep the favourites loaded (turn on “Keep favourites loaded” on the Favourites tab)';
    return {
      mode: 'deferred',
      why: `${clientLabel} defers every tool not marked alwaysLoad${behind}: deferred mode lists each tool once under its own name and ${loaded}.`,
    };
  }
  if (defers === 'everything') {
    return {
      mode: 'deferred',
      why: `${clientLabel} defers every tool, favourites too${behind}: deferred mode lists each tool once under its own name, so no search result is a second name for the same tool.`,
    };
  }
  return {
    mode: 'favindex',
    why: `${clientLabel} sends every tool in full: ${modeName('favindex')} mode lists the favourites before the rest, under names of their own, with an instruction to prefer them.`,
  };
}

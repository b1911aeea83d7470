import { Alert } from '@/components/ui/alert';
import type { FavouritesView } from '@/lib/contracts/favourites';

/** A write refused because the list changed meanwhile (412): who won, and what they changed. */
export interface StaleWrite {
  version: number;
  what: string;
}

export function StaleNotice({ stale, onDismiss }: { stale: StaleWrite; onDismiss: () => void }) {
  return (
    <Alert tone="warn" role="alert" data-testid="stale-notice">
      <strong>Someone else changed the favourites</strong> (now version {stale.version}), so your change was not saved.
      {stale.what ? <div className="small">Their change: {stale.what}.</div> : null}
      <div className="small">The list below is the current one; make your change again if it still applies.</div>
      <button type="button" className="link small" onClick={onDismiss}>
        Dismiss
      </button>
    </Alert>
  );
}

export function MissingNotice({ view }: { view: FavouritesView }) {
  if (view.missingFromCatalog.length === 0) return null;
  const n = view.missingFromCatalog.length;
  return (
    <Alert tone="warn" className="small" data-testid="missing-notice">
      {n === 1 ? '1 pinned tool is' : `${n} pinned tools are`} not in the catalog (yet). They stay pinned; a model can call them once their server&apos;s
      tools/list is uploaded.
    </Alert>
  );
}

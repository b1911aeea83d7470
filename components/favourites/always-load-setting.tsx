'use client';

import { useProjectQuery } from '@/components/api/use-project-query';
import { useUpdateProjectMutation } from '@/components/api/use-update-project-mutation';
import { ErrorNotice } from '@/components/ui/error-notice';
import styles from './favourite-settings.module.css';

/**
 * The project's `alwaysLoadFavourites`, beside the other favourite settings: it is a surface
 * setting, but what it decides is what happens to the favourites in a client that defers tools.
 */
export function AlwaysLoadSetting({ id }: { id: string }) {
  const project = useProjectQuery(id);
  const update = useUpdateProjectMutation(id);
  const surface = project.data?.surface;
  if (!surface) return null;
  const on = surface.alwaysLoadFavourites;
  const busy = update.isPending;
  return (
    <div className={styles.settings} data-testid="always-load-setting">
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          name="alwaysLoadFavourites"
          aria-checked={on}
          checked={on}
          aria-describedby="always-load-help"
          aria-disabled={busy || undefined}
          onChange={(e) => !busy && update.mutate({ surface: { ...surface, alwaysLoadFavourites: e.target.checked } })}
        />
        <span>Keep favourites loaded in clients that defer tools</span>
      </label>
      <div id="always-load-help" className="small muted" role="status" aria-live="polite">
        {busy
          ? 'Saving…'
          : on
            ? 'Claude Code sends the favourites’ full schemas to the model up front and finds the other tools with its tool search. Other clients ignore this.'
            : 'Claude Code defers the favourites like every other tool: the model sees their names and loads a schema only after a search.'}
      </div>
      {update.isError ? <ErrorNotice error={update.error} /> : null}
    </div>
  );
}

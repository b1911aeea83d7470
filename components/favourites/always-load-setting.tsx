'use client';

import { useProjectQuery } from '@/components/api/use-project-query';
import { SurfaceChangePanel } from '@/components/settings/surface-change-panel';
import { useSurfaceChange } from '@/components/settings/use-surface-change';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import styles from './favourite-settings.module.css';

/**
 * The project's `alwaysLoadFavourites`, beside the other favourite settings: it is a surface
 * setting, but what it decides is what happens to the favourites in a client that defers tools.
 */
export function AlwaysLoadSetting({ id }: { id: string }) {
  const project = useProjectQuery(id);
  const surface = project.data?.surface;
  if (!surface) return null;
  return <AlwaysLoadSwitch id={id} surface={surface} />;
}

/** The switch shows what is saved; flipping it asks first, with what clients would receive. */
function AlwaysLoadSwitch({ id, surface }: { id: string; surface: SurfaceConfig }) {
  const change = useSurfaceChange(id, surface);
  const on = surface.alwaysLoadFavourites;
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
          onChange={(e) => (change.asking ? change.cancel() : change.ask({ ...surface, alwaysLoadFavourites: e.target.checked }))}
        />
        <span>Keep favourites loaded in clients that defer tools</span>
      </label>
      <div id="always-load-help" className="small muted">
        {on
          ? 'Claude Code sends the favourites’ full schemas to the model up front and finds the other tools with its tool search. Other clients ignore this.'
          : 'Claude Code defers the favourites like every other tool: the model sees their names and loads a schema only after a search.'}
      </div>
      <SurfaceChangePanel change={change} label={on ? 'Stop keeping favourites loaded' : 'Keep favourites loaded'} />
    </div>
  );
}

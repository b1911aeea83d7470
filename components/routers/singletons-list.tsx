'use client';

import { Badge } from '@/components/ui/badge';
import { ToolName } from '@/components/ui/tool-name';
import type { Singleton } from '@/lib/schemas/routers';
import styles from './routers.module.css';

interface Props {
  singletons: Singleton[];
  missing: ReadonlySet<string>;
  onReason: (tool: string, reason: string) => void;
  onUnplace: (tool: string) => void;
}

/** The tools kept on their own, each with the reason it has no sibling, which stays editable. */
export function SingletonsList({ singletons, missing, onReason, onUnplace }: Props) {
  if (singletons.length === 0) return <p className="small muted">No singletons yet: a tool with no honest sibling is kept on its own here, with its reason.</p>;
  return (
    <ul className={styles.list} aria-label="Singletons">
      {singletons.map((s) => (
        <li key={s.tool} className={styles.item} aria-label={s.tool} data-testid="singleton" data-tool={s.tool}>
          <div className="row">
            <ToolName name={s.tool} className="mono small" />
            {missing.has(s.tool) ? <Badge tone="warn">not in the catalog</Badge> : null}
          </div>
          <label className="field">
            Reason
            <input className={styles.wide} aria-label={`Reason for ${s.tool}`} value={s.reason} onChange={(e) => onReason(s.tool, e.target.value)} />
          </label>
          <div className={styles.controls}>
            <button type="button" className="small" aria-label={`Take ${s.tool} out of the singletons`} onClick={() => onUnplace(s.tool)}>
              Take out
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

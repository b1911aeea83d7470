'use client';

import { Card, CardHeader } from '@/components/ui/card';
import { countOf } from '@/lib/format';
import { RouterItem } from './router-item';
import {
  describeRouter,
  type Edited,
  freeRouterName,
  makeSingleton,
  moveOp,
  type RoutersDraft,
  removeRouter,
  renameRouter,
  setNote,
  setReason,
  splitRouter,
  unplace,
} from './routers-draft';
import styles from './routers.module.css';
import { SingletonsList } from './singletons-list';

interface Props {
  draft: RoutersDraft;
  missing: ReadonlySet<string>;
  /** An edit; `said` is announced, and `focus` moves to the announcement where the control used is gone. */
  onEdit: (next: RoutersDraft | Edited, said?: string | null, focus?: boolean) => void;
}

/** The routers and singletons as edited: every change stays in the draft until Save. */
export function RoutersEditorCard({ draft, missing, onEdit }: Props) {
  return (
    <Card aria-labelledby="routers-edit-heading" data-testid="routers-editor">
      <CardHeader
        id="routers-edit-heading"
        title="Routers and singletons"
        note={`${countOf(draft.routers.length, 'router')}, ${countOf(draft.singletons.length, 'singleton')}`}
      />
      {draft.routers.length === 0 ? (
        <p className="small muted" data-testid="no-routers">
          No routers yet: apply a suggested router, or place the tools one by one from those placed nowhere.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Routers">
          {draft.routers.map((router, i) => {
            const others = draft.routers.filter((r) => r.key !== router.key).map((r) => ({ key: r.key, name: r.name }));
            const nameOf = (key: number) => draft.routers.find((r) => r.key === key)?.name ?? 'the other router';
            return (
              <RouterItem
                key={router.key}
                router={router}
                place={i + 1}
                others={others}
                missing={missing}
                splitName={freeRouterName(draft, router.name)}
                onRename={(name) => onEdit(renameRouter(draft, router.key, name))}
                onDescribe={(text) => onEdit(describeRouter(draft, router.key, text))}
                onNote={(tool, note) => onEdit(setNote(draft, router.key, tool, note))}
                onMove={(tool, to) => onEdit(moveOp(draft, router.key, tool, to), `Moved ${tool} to ${nameOf(to)}.`, true)}
                onSingleton={(tool, reason) => onEdit(makeSingleton(draft, tool, reason), `${tool} is a singleton now.`, true)}
                onUnplace={(tool) => onEdit(unplace(draft, tool), `Took ${tool} out of ${router.name}: it is placed nowhere.`, true)}
                onSplit={(tools, name) =>
                  onEdit(splitRouter(draft, router.key, tools, name), `Split ${countOf(tools.length, 'op')} of ${router.name} into ${name}.`, true)
                }
                onRemove={() => onEdit(removeRouter(draft, router.key), `Removed router ${router.name}: its tools are placed nowhere.`, true)}
              />
            );
          })}
        </ul>
      )}
      <h3 className={styles.subhead}>Singletons</h3>
      <SingletonsList
        singletons={draft.singletons}
        missing={missing}
        onReason={(tool, reason) => onEdit(setReason(draft, tool, reason))}
        onUnplace={(tool) => onEdit(unplace(draft, tool), `Took ${tool} out of the singletons: it is placed nowhere.`, true)}
      />
    </Card>
  );
}

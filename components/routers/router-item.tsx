'use client';

import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ToolName } from '@/components/ui/tool-name';
import type { RouterOp } from '@/lib/schemas/routers';
import type { DraftRouter } from './routers-draft';
import styles from './routers.module.css';
import { SingletonReason } from './singleton-reason';

export interface RouterEdits {
  onRename: (name: string) => void;
  onDescribe: (description: string) => void;
  onNote: (tool: string, note: string) => void;
  onMove: (tool: string, toKey: number) => void;
  onSingleton: (tool: string, reason: string) => void;
  onUnplace: (tool: string) => void;
  onSplit: (tools: string[], name: string) => void;
  onRemove: () => void;
}

interface Props extends RouterEdits {
  router: DraftRouter;
  /** 1-based: the page's labels name a router by its place, which a rename does not move. */
  place: number;
  others: { key: number; name: string }[];
  missing: ReadonlySet<string>;
  splitName: string;
}

/** One router: its name and description, each op with its tool and note and where it may go, and a split. */
export function RouterItem({ router, place, others, missing, splitName, ...edits }: Props) {
  const [splitting, setSplitting] = useState(false);
  const label = `Router ${place}`;
  return (
    <li className={styles.item} aria-label={`${label}: ${router.name}`} data-testid="router" data-router={router.name}>
      <div className={styles.fields}>
        <label className="field">
          Name
          <input aria-label={`${label}: name`} value={router.name} onChange={(e) => edits.onRename(e.target.value)} spellCheck={false} />
        </label>
        <label className="field">
          Description
          <textarea aria-label={`${label}: description`} rows={2} value={router.description} onChange={(e) => edits.onDescribe(e.target.value)} />
        </label>
      </div>
      <ul className={styles.ops} aria-label={`Ops of ${router.name}`}>
        {router.ops.map((op) => (
          <OpRow key={op.tool} op={op} router={router.name} others={others} missing={missing.has(op.tool)} edits={edits} />
        ))}
      </ul>
      <div className={styles.controls}>
        {router.ops.length > 1 ? (
          <button type="button" className="small" aria-expanded={splitting} onClick={() => setSplitting(!splitting)} aria-label={`Split ${router.name}…`}>
            Split…
          </button>
        ) : null}
        <button type="button" className="small danger" onClick={edits.onRemove} aria-label={`Remove router ${router.name}`}>
          Remove router
        </button>
      </div>
      {splitting ? (
        <SplitPanel
          router={router}
          initialName={splitName}
          onSplit={(tools, name) => {
            edits.onSplit(tools, name);
            setSplitting(false);
          }}
          onCancel={() => setSplitting(false)}
        />
      ) : null}
    </li>
  );
}

function OpRow({ op, router, others, missing, edits }: { op: RouterOp; router: string; others: Props['others']; missing: boolean; edits: RouterEdits }) {
  const [to, setTo] = useState<number | null>(null);
  const [alone, setAlone] = useState(false);
  const target = to ?? others[0]?.key ?? null;
  return (
    <li className={styles.op} aria-label={`${router}.${op.op}`} data-testid="router-op" data-tool={op.tool}>
      <div className="row">
        <code>{op.op}</code>
        <span aria-hidden="true">→</span>
        <ToolName name={op.tool} className="mono small" />
        {missing ? <Badge tone="warn">not in the catalog</Badge> : null}
      </div>
      <label className="field">
        Note
        <input aria-label={`Note of ${op.tool}`} value={op.note} onChange={(e) => edits.onNote(op.tool, e.target.value)} />
      </label>
      <div className={styles.controls}>
        {others.length > 0 ? (
          <>
            <label className="field">
              Move to
              <select aria-label={`Move ${op.tool} to`} value={target ?? ''} onChange={(e) => setTo(Number(e.target.value))}>
                {others.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="small" aria-label={`Move ${op.tool}`} onClick={() => target !== null && edits.onMove(op.tool, target)}>
              Move
            </button>
          </>
        ) : null}
        <button type="button" className="small" aria-expanded={alone} aria-label={`Make ${op.tool} a singleton…`} onClick={() => setAlone(!alone)}>
          Make singleton…
        </button>
        <button type="button" className="small" aria-label={`Take ${op.tool} out of ${router}`} onClick={() => edits.onUnplace(op.tool)}>
          Take out
        </button>
      </div>
      {alone ? <SingletonReason tool={op.tool} initial="" onDone={(reason) => edits.onSingleton(op.tool, reason)} onCancel={() => setAlone(false)} /> : null}
    </li>
  );
}

function SplitPanel({
  router,
  initialName,
  onSplit,
  onCancel,
}: {
  router: DraftRouter;
  initialName: string;
  onSplit: (tools: string[], name: string) => void;
  onCancel: () => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [name, setName] = useState(initialName);
  const whole = picked.length === router.ops.length;
  const why = picked.length === 0 ? 'Pick the ops the new router takes.' : whole ? `${router.name} keeps at least one op.` : null;
  return (
    <div className={styles.panel} role="group" aria-label={`Split ${router.name}`}>
      <fieldset className={styles.checks}>
        <legend>Ops the new router takes</legend>
        {router.ops.map((op) => (
          <label key={op.tool} className={styles.check}>
            <input
              type="checkbox"
              checked={picked.includes(op.tool)}
              onChange={(e) => setPicked(e.target.checked ? [...picked, op.tool] : picked.filter((t) => t !== op.tool))}
            />
            {op.op}
          </label>
        ))}
      </fieldset>
      <label className="field">
        New router's name
        <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
      </label>
      {why ? <p className="small muted">{why}</p> : null}
      <div className={styles.controls}>
        <button type="button" className="small" aria-disabled={why !== null || undefined} onClick={() => why === null && onSplit(picked, name)}>
          Split into {name || 'a new router'}
        </button>
        <button type="button" className="small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

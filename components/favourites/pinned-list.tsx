'use client';

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cx } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { ToolName } from '@/components/ui/tool-name';
import type { FavouritesView } from '@/lib/contracts/favourites';
import styles from './pinned-list.module.css';

/** What moved a tool: its arrow buttons, or its handle (dragged, or lifted with the keyboard). */
export type MoveControl = 'up' | 'down' | 'handle';

interface Props {
  view: FavouritesView;
  busy: boolean;
  onMove: (tool: string, to: number, control: MoveControl) => void;
  onUnpin: (tool: string) => void;
}

/**
 * The pinned tools in presentation order. Reorder by dragging the handle, by keyboard on the
 * handle (Space to lift, arrows to move, Space to drop), or with the up/down buttons.
 */
export function PinnedList({ view, busy, onMove, onUnpin }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const missing = new Set(view.missingFromCatalog);
  const arrowKeysReady = useArrowKeysReady();

  function onDragEnd(event: DragEndEvent) {
    arrowKeysReady.onDragEnd();
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    onMove(String(active.id), view.tools.indexOf(String(over.id)), 'handle');
  }

  // What a screen reader hears while moving a tool: its place in the list, not dnd-kit's ids.
  const position = (id: UniqueIdentifier) => `position ${view.tools.indexOf(String(id)) + 1} of ${view.tools.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${active.id}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${active.id} is not over the list.`
        : over.id === active.id
          ? `${active.id} is at ${position(over.id)}.`
          : `${active.id} moved to ${position(over.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${active.id} dropped at ${position(over.id)}.` : `${active.id} dropped; the order is unchanged.`),
    onDragCancel: ({ active }) => `Moving ${active.id} was cancelled; the order is unchanged.`,
  };

  if (view.tools.length === 0) {
    // Focus lands here when the last tool is unpinned, so it must take focus.
    return (
      <div tabIndex={-1} data-testid="pinned-empty">
        <EmptyState>Nothing pinned yet. Pin tools from the suggestions or the catalog.</EmptyState>
      </div>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={arrowKeysReady.onDragStart}
      onDragOver={arrowKeysReady.onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={arrowKeysReady.onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To reorder, press Space, move with the arrow keys, and press Space again to drop. Escape cancels.' },
      }}
    >
      <SortableContext items={view.tools} strategy={verticalListSortingStrategy}>
        <ol className={styles.list} aria-label="Pinned favourites" data-testid="pinned-list" data-arrow-keys={arrowKeysReady.ready ? 'ready' : undefined}>
          {view.tools.map((tool, index) => (
            <PinnedItem
              key={tool}
              tool={tool}
              index={index}
              count={view.tools.length}
              missing={missing.has(tool)}
              busy={busy}
              onMove={onMove}
              onUnpin={onUnpin}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * Whether a lifted tool moves on an arrow key yet. dnd-kit's keyboard sensor starts listening for
 * arrows in a timer it sets as the tool is lifted, and moves only once it has measured the list
 * (its first onDragOver, which also says the tool's place to a screen reader); an arrow before
 * both is dropped. The place is said up to 40 ms before that timer runs (more on a busy machine),
 * so the list says when arrows work (data-arrow-keys="ready"): what a test or a script waits for.
 */
function useArrowKeysReady() {
  const [lift, setLift] = useState<{ measured: boolean; listening: boolean } | null>(null);
  const lifted = lift !== null;
  useEffect(() => {
    if (!lifted) return;
    // The sensor's timer was set during the lift, before this render: one set now runs after it
    // (timers of the same delay run in the order they were set).
    const timer = setTimeout(() => setLift((current) => current && { ...current, listening: true }));
    return () => clearTimeout(timer);
  }, [lifted]);
  return {
    ready: lift?.measured === true && lift.listening,
    onDragStart: () => setLift({ measured: false, listening: false }),
    onDragOver: () => setLift((current) => current && { ...current, measured: true }),
    onDragEnd: () => setLift(null),
  };
}

function PinnedItem(props: { tool: string; index: number; count: number; missing: boolean; busy: boolean } & Pick<Props, 'onMove' | 'onUnpin'>) {
  const { tool, index, count, missing, busy, onMove, onUnpin } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: tool });
  // While a write runs the buttons refuse (aria-disabled) rather than go disabled: a disabled
  // button drops the keyboard focus to the page, and the person loses their place.
  const guard = (action: () => void) => () => {
    if (!busy) action();
  };
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.item, isDragging && styles.dragging)}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="pinned-item"
      data-tool={tool}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={`Drag ${tool} to reorder`}
        data-control="handle"
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className={styles.rank}>{index + 1}</span>
      <ToolName name={tool} className={`mono ${styles.name}`} testId="pinned-name" />
      {missing ? (
        <Badge tone="warn" title="Not in the project's catalog (yet): a model cannot call it until the catalog lists it">
          not in catalog
        </Badge>
      ) : null}
      <span className={styles.actions}>
        <MoveButton tool={tool} direction="up" to={index - 1} disabled={index === 0} busy={busy} onMove={onMove} />
        <MoveButton tool={tool} direction="down" to={index + 1} disabled={index === count - 1} busy={busy} onMove={onMove} />
        <button
          type="button"
          className="danger"
          aria-label={`Unpin ${tool}`}
          aria-disabled={busy || undefined}
          data-control="unpin"
          onClick={guard(() => onUnpin(tool))}
        >
          Unpin
        </button>
      </span>
    </li>
  );
}

/** ↑ or ↓: one step in the list. At an end it is disabled, as there is nowhere to go. */
function MoveButton(props: { tool: string; direction: 'up' | 'down'; to: number; disabled: boolean; busy: boolean } & Pick<Props, 'onMove'>) {
  const { tool, direction, to, disabled, busy, onMove } = props;
  return (
    <button
      type="button"
      className={styles.icon}
      aria-label={`Move ${tool} ${direction}`}
      aria-disabled={busy || undefined}
      data-control={direction}
      disabled={disabled}
      onClick={() => {
        if (!busy) onMove(tool, to, direction);
      }}
    >
      {direction === 'up' ? '↑' : '↓'}
    </button>
  );
}

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toFavouritesView } from '@/lib/favourites/view';
import { move, unpin } from '@/lib/favourites/operations';
import { PinnedList } from './pinned-list';

/**
 * The favourites page's part, played here: the list is controlled, so each move or unpin it
 * asks for is applied the way the server applies it, and the list shows the result.
 */
function Favourites({
  tools,
  missing = [],
  busy = false,
  onMove = () => {},
  onUnpin = () => {},
}: {
  tools: string[];
  missing?: string[];
  busy?: boolean;
  onMove?: (tool: string, to: number) => void;
  onUnpin?: (tool: string) => void;
}) {
  const [current, setCurrent] = useState(tools);
  const view = toFavouritesView('team-agent', { enabled: true, maxFavourites: 5, tools: current, version: 1, updatedAt: '2026-11-30T00:00:00Z' }, missing);
  return (
    <PinnedList
      view={view}
      busy={busy}
      onMove={(tool, to) => {
        onMove(tool, to);
        setCurrent(move(view, tool, to).tools);
      }}
      onUnpin={(tool) => {
        onUnpin(tool);
        setCurrent(unpin(view, tool).tools);
      }}
    />
  );
}

const TOOLS = ['github/create_issue', 'filesystem/read_file', 'gitlab/search'];

function shownOrder(): string[] {
  return screen.getAllByTestId('pinned-name').map((name) => name.textContent ?? '');
}

describe('PinnedList', () => {
  it('shows the pinned tools in presentation order, numbered, flagging those the catalog lacks', () => {
    render(<Favourites tools={TOOLS} missing={['gitlab/search']} />);

    const list = screen.getByRole('list', { name: 'Pinned favourites' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByTestId('pinned-name').textContent)).toEqual(TOOLS);
    expect(items.map((item) => within(item).getByText(/^\d+$/).textContent)).toEqual(['1', '2', '3']);
    expect(within(items[2]!).getByText('not in catalog')).toBeTruthy();
    expect(within(items[0]!).queryByText('not in catalog')).toBeNull();
  });

  it('says how to start when nothing is pinned', () => {
    render(<Favourites tools={[]} />);
    expect(screen.getByText('Nothing pinned yet. Pin tools from the suggestions or the catalog.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('moves a tool up or down one place with its buttons', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    render(<Favourites tools={TOOLS} onMove={onMove} />);

    await user.click(screen.getByRole('button', { name: 'Move filesystem/read_file up' }));
    expect(onMove).toHaveBeenLastCalledWith('filesystem/read_file', 0);
    expect(shownOrder()).toEqual(['filesystem/read_file', 'github/create_issue', 'gitlab/search']);

    await user.click(screen.getByRole('button', { name: 'Move github/create_issue down' }));
    expect(onMove).toHaveBeenLastCalledWith('github/create_issue', 2);
    expect(shownOrder()).toEqual(['filesystem/read_file', 'gitlab/search', 'github/create_issue']);
  });

  it('offers no move past either end', () => {
    render(<Favourites tools={TOOLS} />);
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

    expect(button('Move github/create_issue up').disabled).toBe(true);
    expect(button('Move github/create_issue down').disabled).toBe(false);
    expect(button('Move gitlab/search up').disabled).toBe(false);
    expect(button('Move gitlab/search down').disabled).toBe(true);
  });

  it('moves with the keyboard through the same buttons', async () => {
    const user = userEvent.setup();
    render(<Favourites tools={TOOLS} />);

    screen.getByRole('button', { name: 'Move gitlab/search up' }).focus();
    await user.keyboard('{Enter}');
    expect(shownOrder()).toEqual(['github/create_issue', 'gitlab/search', 'filesystem/read_file']);
  });

  it('unpins a tool', async () => {
    const user = userEvent.setup();
    const onUnpin = vi.fn();
    render(<Favourites tools={TOOLS} onUnpin={onUnpin} />);

    await user.click(screen.getByRole('button', { name: 'Unpin filesystem/read_file' }));
    expect(onUnpin).toHaveBeenCalledExactlyOnceWith('filesystem/read_file');
    expect(shownOrder()).toEqual(['github/create_issue', 'gitlab/search']);
  });

  it('takes no change while the last one is being saved, and keeps the focus where it is', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    const onUnpin = vi.fn();
    render(<Favourites tools={TOOLS} busy onMove={onMove} onUnpin={onUnpin} />);
    for (const name of ['Move filesystem/read_file up', 'Move filesystem/read_file down', 'Unpin filesystem/read_file']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      await user.click(button);
      expect(document.activeElement).toBe(button);
    }
    expect(onMove).not.toHaveBeenCalled();
    expect(onUnpin).not.toHaveBeenCalled();
    expect(shownOrder()).toEqual(TOOLS);
  });

  describe('reordering from the drag handle by keyboard', () => {
    // happy-dom lays nothing out; dnd-kit finds the place to move to from the items' boxes.
    // Each item is given a 40px row, in list order, as a browser would draw them (undone after each test).
    beforeEach(() => {
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const item = this.closest('[data-testid="pinned-item"]');
        const index = item ? Array.from(item.parentElement!.children).indexOf(item) : 0;
        return DOMRect.fromRect({ x: 0, y: item ? index * 40 : 0, width: item ? 400 : 0, height: item ? 40 : 0 });
      });
    });

    /**
     * Everything the drag live region says, in order. It holds one sentence at a time and the
     * next can follow at once, so the sentences are collected as they come.
     */
    function listen(): string[] {
      const said: string[] = [];
      const region = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'assertive')!;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
      return said;
    }
    const hears = (said: string[], sentence: string) => waitFor(() => expect(said).toContain(sentence));

    /** The list rendered with a move spy, what its live region says, and keys pressed one at a time, each followed by the sentence it should bring. */
    function keyboardSession() {
      const user = userEvent.setup();
      const onMove = vi.fn();
      render(<Favourites tools={TOOLS} onMove={onMove} />);
      const said = listen();
      const press = async (key: string, sentence: string) => {
        await user.keyboard(key);
        await hears(said, sentence);
      };
      return { onMove, press };
    }

    it('lifts with Space, moves with the arrows, drops with Space, and says each step', async () => {
      const { onMove, press } = keyboardSession();
      const handle = screen.getByRole('button', { name: 'Drag gitlab/search to reorder' });

      handle.focus();
      // dnd-kit finds the lifted tool over its own place at once, and that sentence is the one left standing.
      await press('[Space]', 'gitlab/search is at position 3 of 3.');
      expect(handle.getAttribute('aria-pressed')).toBe('true');

      await press('[ArrowUp]', 'gitlab/search moved to position 2 of 3.');
      await press('[ArrowUp]', 'gitlab/search moved to position 1 of 3.');
      await press('[Space]', 'gitlab/search dropped at position 1 of 3.');
      expect(onMove).toHaveBeenCalledExactlyOnceWith('gitlab/search', 0);
      expect(shownOrder()).toEqual(['gitlab/search', 'github/create_issue', 'filesystem/read_file']);
    });

    it('puts the tool back where it was on Escape', async () => {
      const { onMove, press } = keyboardSession();

      screen.getByRole('button', { name: 'Drag github/create_issue to reorder' }).focus();
      await press('[Space]', 'github/create_issue is at position 1 of 3.');
      await press('[ArrowDown]', 'github/create_issue moved to position 2 of 3.');
      await press('[Escape]', 'Moving github/create_issue was cancelled; the order is unchanged.');
      expect(onMove).not.toHaveBeenCalled();
      expect(shownOrder()).toEqual(TOOLS);
    });

    it('says when a lifted tool moves on an arrow key, and no longer once it is dropped', async () => {
      const { press } = keyboardSession();
      const list = screen.getByTestId('pinned-list');
      screen.getByRole('button', { name: 'Drag gitlab/search to reorder' }).focus();
      expect(list.dataset.arrowKeys).toBeUndefined();
      await press('[Space]', 'gitlab/search is at position 3 of 3.');
      await waitFor(() => expect(list.dataset.arrowKeys).toBe('ready'));
      await press('[ArrowUp]', 'gitlab/search moved to position 2 of 3.');
      await press('[Space]', 'gitlab/search dropped at position 2 of 3.');
      expect(list.dataset.arrowKeys).toBeUndefined();
    });

    it('tells a screen reader how to reorder before anything is lifted', () => {
      render(<Favourites tools={TOOLS} />);
      const handle = screen.getByRole('button', { name: 'Drag filesystem/read_file to reorder' });
      const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
      expect(instructions?.textContent).toBe('To reorder, press Space, move with the arrow keys, and press Space again to drop. Escape cancels.');
    });
  });
});

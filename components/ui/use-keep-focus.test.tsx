import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useKeepFocus } from './use-keep-focus';

/** A list whose "Remove" is a write: pending first, then the row goes, then settled. */
function List() {
  const [rows, setRows] = useState(['a', 'b', 'c']);
  const [pending, setPending] = useState(false);
  const keep = useKeepFocus(!pending);
  return (
    <>
      {rows.map((row, i) => (
        <button
          key={row}
          type="button"
          data-row={row}
          onClick={() => {
            keep(() => document.querySelectorAll<HTMLElement>('button[data-row]')[i]);
            setPending(true);
            // The answer: the row goes, then the write settles.
            setTimeout(() => {
              setRows((r) => r.filter((x) => x !== row));
              setTimeout(() => setPending(false), 5);
            }, 5);
          }}
        >
          Remove {row}
        </button>
      ))}
      <input aria-label="elsewhere" />
    </>
  );
}

/**
 * The same write, but the rows live in a sibling fed by another query: that query's refetch
 * redraws them (new elements) only after the write has settled, and this component does not
 * re-render then.
 */
function SplitList() {
  const [pending, setPending] = useState(false);
  const [redraws, setRedraws] = useState(0);
  const keep = useKeepFocus(!pending);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          keep(() => document.querySelector<HTMLElement>('button[data-next]'));
          setPending(true);
          setTimeout(() => setPending(false), 5);
          setTimeout(() => setRedraws((n) => n + 1), 40);
        }}
      >
        Pin
      </button>
      <Rows key={redraws} />
    </>
  );
}

function Rows() {
  return (
    <button type="button" data-next>
      Next
    </button>
  );
}

/** Focus the button and press it, as a keyboard user would. */
function press(name: string): void {
  const button = screen.getByRole('button', { name });
  button.focus();
  act(() => button.click());
}

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('useKeepFocus', () => {
  it('puts the focus on the row that takes the place of the one that went', async () => {
    render(<List />);
    press('Remove b');
    await wait(30);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove c' }));
  });

  it('leaves the focus where the person moved it meanwhile', async () => {
    render(<List />);
    press('Remove a');
    screen.getByRole('textbox', { name: 'elsewhere' }).focus();
    await wait(30);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'elsewhere' }));
  });

  it('puts the focus back when a refetch redraws the rows after the write settled', async () => {
    render(<SplitList />);
    press('Pin');
    await wait(20);
    const first = screen.getByRole('button', { name: 'Next' });
    expect(document.activeElement).toBe(first);
    await wait(80);
    const redrawn = screen.getByRole('button', { name: 'Next' });
    expect(redrawn).not.toBe(first);
    expect(document.activeElement).toBe(redrawn);
  });
});

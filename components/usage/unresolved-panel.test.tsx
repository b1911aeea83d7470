import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnresolvedPanel } from './unresolved-panel';

const name = { name: 'x_0000', calls: 2, lastUsed: '2026-11-30T12:00:00.000Z', reason: "unknown tool 'x_0000': no catalog server lists it" };

describe('the unresolved names panel', () => {
  it('says how many names and calls the list leaves out', () => {
    render(<UnresolvedPanel id="p" names={[name]} others={{ names: 1_002, calls: 1_003 }} total={1_005} />);
    expect(screen.getByTestId('unresolved-others').textContent).toBe('and 1,002 more distinct names (1,003 calls)');
  });

  it('shows the rest when no name of its own is left in the window', () => {
    render(<UnresolvedPanel id="p" names={[]} others={{ names: 1, calls: 4 }} total={4} />);
    expect(screen.getByTestId('unresolved-others').textContent).toBe('and 1 more distinct name (4 calls)');
  });
});

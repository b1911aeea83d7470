import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouterItem } from './router-item';

const ROUTER = {
  key: 1,
  name: 'issues',
  description: 'GitHub issues.',
  ops: [
    { op: 'get', tool: 'github/get_issue', note: 'One issue.' },
    { op: 'list', tool: 'github/list_issues', note: 'Issues of a repository.' },
    { op: 'create', tool: 'github/create_issue', note: 'A new issue.' },
  ],
};

function renderItem() {
  const edits = {
    onRename: vi.fn(),
    onDescribe: vi.fn(),
    onNote: vi.fn(),
    onMove: vi.fn(),
    onSingleton: vi.fn(),
    onUnplace: vi.fn(),
    onSplit: vi.fn(),
    onRemove: vi.fn(),
  };
  render(
    <ul>
      <RouterItem router={ROUTER} place={1} others={[]} missing={new Set(['github/create_issue'])} splitName="issues_2" {...edits} />
    </ul>,
  );
  return { edits, user: userEvent.setup() };
}

describe('RouterItem', () => {
  it('splits the ops picked into a new router under the name given, and not all or none of them', async () => {
    const { edits, user } = renderItem();
    await user.click(screen.getByRole('button', { name: 'Split issues…' }));
    const split = screen.getByRole('group', { name: 'Split issues' });
    const button = within(split).getByRole('button', { name: 'Split into issues_2' });
    expect(within(split).getByText('Pick the ops the new router takes.')).toBeTruthy();
    await user.click(button);
    for (const op of ['get', 'list', 'create']) await user.click(within(split).getByRole('checkbox', { name: op }));
    expect(within(split).getByText('issues keeps at least one op.')).toBeTruthy();
    await user.click(button);
    expect(edits.onSplit).not.toHaveBeenCalled();

    await user.click(within(split).getByRole('checkbox', { name: 'get' }));
    const name = within(split).getByRole('textbox', { name: "New router's name" });
    await user.clear(name);
    await user.type(name, 'issue_writes');
    await user.click(within(split).getByRole('button', { name: 'Split into issue_writes' }));
    expect(edits.onSplit).toHaveBeenCalledWith(['github/list_issues', 'github/create_issue'], 'issue_writes');
    expect(screen.queryByRole('group', { name: 'Split issues' })).toBeNull();
  });

  it('marks an op whose tool the catalog lacks, and asks a reason before making a tool a singleton', async () => {
    const { edits, user } = renderItem();
    expect(within(screen.getByRole('listitem', { name: 'issues.create' })).getByText('not in the catalog')).toBeTruthy();
    // With no other router, there is nowhere to move an op.
    expect(screen.queryByRole('combobox', { name: 'Move github/get_issue to' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make github/get_issue a singleton…' }));
    const ask = screen.getByRole('group', { name: 'Make github/get_issue a singleton' });
    await user.click(within(ask).getByRole('button', { name: 'Make singleton' }));
    expect(edits.onSingleton).not.toHaveBeenCalled();
    await user.type(within(ask).getByRole('textbox', { name: 'Reason github/get_issue is a singleton' }), 'Read on its own.');
    await user.click(within(ask).getByRole('button', { name: 'Make singleton' }));
    expect(edits.onSingleton).toHaveBeenCalledWith('github/get_issue', 'Read on its own.');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProxyList } from '@/lib/contracts/proxies';
import { proxyReport } from '@/test/proxy-reports';
import { UnservedConfirm, unservedReason } from './unserved-confirm';

const AT = new Date().toISOString();
const list = (connected: boolean): ProxyList => ({
  connectedWithinMs: 90_000,
  proxies: [{ id: 'proxy-laptop1', ...proxyReport([{ name: 'filesystem', tools: 14 }]), firstSeenAt: AT, lastSeenAt: AT, connected }],
});

describe('pinning a tool no connected proxy serves', () => {
  it('names the reason for a server no connected proxy runs, and nothing for one it runs or with none connected', () => {
    expect(unservedReason(list(true), 'github/create_issue')).toBe(
      "No client will receive github/create_issue: 'github' is not among the servers of the connected proxy (dev-laptop). Add it to a proxy's servers file, or pin it anyway for later.",
    );
    expect(unservedReason(list(true), 'filesystem/read_file')).toBeNull();
    expect(unservedReason(list(false), 'github/create_issue')).toBeNull();
    expect(unservedReason(undefined, 'github/create_issue')).toBeNull();
  });

  it('pins only once confirmed; cancel pins nothing and gives the focus back', async () => {
    const pin = vi.fn();
    const cancel = vi.fn();
    const done = vi.fn();
    const pending = { tool: 'github/create_issue', reason: 'No client will receive github/create_issue.', pin, cancel };
    const { unmount } = render(<UnservedConfirm pending={pending} onDone={done} />);
    expect(screen.getByRole('group', { name: 'Pin github/create_issue, which no client receives?' })).toBeTruthy();
    expect(screen.getByTestId('unserved-reason').textContent).toBe('No client will receive github/create_issue.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pin anyway' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(pin).not.toHaveBeenCalled();
    expect(cancel).toHaveBeenCalledOnce();
    unmount();

    render(<UnservedConfirm pending={pending} onDone={done} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pin anyway' }));
    expect(pin).toHaveBeenCalledOnce();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '@/lib/contracts/policy';
import type { ProxyList } from '@/lib/contracts/proxies';
import { proxyReport } from '@/test/proxy-reports';
import { PinConfirm, pinQuestion, unservedReason } from './pin-confirm';

const AT = new Date().toISOString();
const list = (connected: boolean): ProxyList => ({
  connectedWithinMs: 90_000,
  proxies: [{ id: 'proxy-laptop1', ...proxyReport([{ name: 'filesystem', tools: 14 }]), firstSeenAt: AT, lastSeenAt: AT, connected }],
});
const policy: PolicyView = {
  project: 'shop',
  version: 1,
  policy: { default: 'allow', rules: [{ effect: 'deny', tools: ['memory/delete_*'] }] },
  catalogTools: 9,
  identities: [],
  deniedToEveryone: ['memory/delete_entities'],
};

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
    const pending = {
      tool: 'github/create_issue',
      question: 'Pin github/create_issue, which no client receives?',
      reasons: ['No client will receive github/create_issue.'],
      pin,
      cancel,
    };
    const { unmount } = render(<PinConfirm pending={pending} onDone={done} />);
    expect(screen.getByRole('group', { name: 'Pin github/create_issue, which no client receives?' })).toBeTruthy();
    expect(screen.getByTestId('pin-reason').textContent).toBe('No client will receive github/create_issue.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pin anyway' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(pin).not.toHaveBeenCalled();
    expect(cancel).toHaveBeenCalledOnce();
    unmount();

    render(<PinConfirm pending={pending} onDone={done} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pin anyway' }));
    expect(pin).toHaveBeenCalledOnce();
  });
});

describe('pinning a tool the policy denies to every identity', () => {
  it('asks first, naming the policy before the proxies, and asks nothing of an allowed tool or an unreadable policy', () => {
    expect(pinQuestion('memory/delete_entities', list(false), policy)).toEqual({
      question: 'Pin memory/delete_entities, which the policy denies to everyone?',
      reasons: [
        'The tool policy denies memory/delete_entities to every identity: no session is shown it, and a call of it is refused. Change the rule on the Policy tab, or pin it anyway for later.',
      ],
    });
    expect(pinQuestion('memory/delete_entities', list(true), policy)?.reasons).toHaveLength(2);
    expect(pinQuestion('memory/read_graph', list(false), policy)).toBeNull();
    expect(pinQuestion('memory/delete_entities', undefined, undefined)).toBeNull();
  });
});

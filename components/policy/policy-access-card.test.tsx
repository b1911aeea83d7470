import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PolicyAccess } from '@/lib/contracts/policy';
import { PolicyAccessCard } from './policy-access-card';

function access(token: string | null, client: string | null): PolicyAccess {
  const tools = Array.from({ length: 30 }, (_, i) => {
    const canonical = i === 0 ? 'github/create_issue' : `github/tool_${String(i).padStart(2, '0')}`;
    const denied = i === 0;
    return {
      canonical,
      server: 'github',
      allowed: !denied,
      rule: denied ? 0 : null,
      reason: denied ? 'deny github/create_* for token:ci' : 'the default: allow',
      note: denied ? 'CI opens nothing' : null,
    };
  });
  return { project: 'shop', identity: { token, client }, allowed: 29, denied: 1, tools };
}

function show() {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((url) => {
    const search = new URL(String(url), 'http://x').searchParams;
    const body = access(search.get('token'), search.get('client'));
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PolicyAccessCard id="shop" identities={['token:ci', 'client:codex']} tokens={['ci']} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), urls: () => fetch.mock.calls.map(([url]) => String(url)) };
}

describe('PolicyAccessCard', () => {
  it('starts with a token, and lists each tool allowed or denied with the rule that decided and its note', async () => {
    const { urls } = show();
    expect(screen.getByRole('heading', { name: 'What may the token ci do?' })).toBeTruthy();
    const table = await screen.findByTestId('access-tools');
    const denied = within(table).getByText('github/create_issue').closest('tr')!;
    expect(denied.textContent).toContain('denied');
    expect(denied.textContent).toContain('Rule 1: deny github/create_* for token:ci');
    expect(denied.textContent).toContain('CI opens nothing');
    expect(screen.getByTestId('access-summary').textContent).toBe('29 tools allowed · 1 denied');
    expect(urls()).toEqual(['/api/projects/shop/policy/access?token=ci']);
    // 30 tools, 20 a page.
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 1–20 of 30 tools');
  });

  it('searches every page, and shows only the denied ones when asked', async () => {
    const { user } = show();
    await screen.findByTestId('access-tools');
    await user.type(screen.getByRole('searchbox', { name: 'Search tools, rules and notes' }), 'tool_29');
    expect(
      within(screen.getByTestId('access-tools'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['github/tool_29allowedthe default: allow']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search tools, rules and notes' }));
    await user.selectOptions(screen.getByLabelText('Show'), 'denied');
    expect(within(screen.getByTestId('access-tools')).getAllByRole('row')).toHaveLength(2);
  });

  it('asks for a token and a client together, once the client’s name is typed', async () => {
    const { user, urls } = show();
    await user.selectOptions(screen.getByLabelText('Who'), 'pair');
    expect(screen.getByText('Choose a token, a client or both.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Token'), 'ci');
    await user.type(screen.getByLabelText('Client'), 'codex');
    expect(await screen.findByRole('heading', { name: 'What may the token ci with the client codex do?' })).toBeTruthy();
    // Asked once the typing paused, not once per letter.
    expect(urls().filter((url) => url.includes('client='))).toEqual(['/api/projects/shop/policy/access?token=ci&client=codex']);
  });
});

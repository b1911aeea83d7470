import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectView } from '@/lib/contracts/projects';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import type { ModePreview } from '@/lib/surface/preview';
import { RefusalNotice } from './refusal-notice';

const project: ProjectView = {
  id: 'shop',
  description: '',
  metaTools: [],
  retentionDays: null,
  surface: { ...defaultSurfaceConfig(), naming: 'slash' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const refused: ModePreview = {
  mode: 'favindex',
  count: 74,
  cap: 128,
  clientCap: null,
  fits: true,
  overBy: 0,
  warn: false,
  problems: [],
  tokens: { tokens: 1, method: 'openai-functions', placeholdersExcluded: 0, methodDescription: '' },
  refused: { client: 0, provider: 74 },
  renamed: 0,
  tooLong: 0,
  collisions: 0,
  unknown: 74,
  requestRefused: {
    by: 'provider',
    message: "OpenAI would refuse this request as a whole: 74 tool name(s) break its rule ^[a-zA-Z0-9_-]{1,64}$, e.g. 'mcp__favindex__favourite/read_file'.",
  },
  fix: { naming: 'safe', message: 'Switch to safe names (fav_… and all_<server>_<tool>): every name then passes Claude Code and OpenAI.' },
  leftOut: [],
  notes: [],
  instruction: null,
  tools: [],
};

function show(preview: ModePreview) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RefusalNotice project={project} preview={preview} route="Through Claude Code, at OpenAI" testId="notice" />
    </QueryClientProvider>,
  );
}

describe('RefusalNotice', () => {
  it('says in plain words that the request would be refused, and switches the project to safe names', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ ...project, surface: { ...project.surface, naming: 'safe' } })));
    const user = userEvent.setup();
    show(refused);

    const notice = screen.getByTestId('notice');
    expect(notice.textContent).toContain('Through Claude Code, at OpenAI, the project’s favindex list would be refused as a whole.');
    expect(notice.textContent).toContain('74 tool name(s) break its rule');
    await user.click(screen.getByRole('button', { name: 'Switch to safe names' }));

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/projects/shop');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ surface: { ...project.surface, naming: 'safe' } });
  });

  it('says nothing when nothing is refused, and offers no button when naming is not the cure', () => {
    const { container } = show({ ...refused, refused: { client: 0, provider: 0 }, requestRefused: null, fix: null });
    expect(container.textContent).toBe('');
    show({ ...refused, fix: null });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('notice').textContent).toContain('No change of naming fixes it');
  });
});

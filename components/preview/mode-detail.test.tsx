import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/components/api/fetch';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import { ModeDetail } from './mode-detail';
import { modeListFixture, modePreviewFixture } from './mode-preview-fixture';

const nameRejected = { kind: 'refused-by-provider' as const, message: 'OpenAI rejects the name: it must match ^[a-zA-Z0-9_-]{1,64}$' };

const favindex = modePreviewFixture({
  mode: 'favindex',
  count: 6,
  cap: 128,
  fits: true,
  overBy: 0,
  problems: [
    {
      name: 'all/github/create_issue',
      canonical: 'github/create_issue',
      field: 'name',
      message: 'OpenAI rejects the name: it must match ^[a-zA-Z0-9_-]{1,64}$',
    },
    {
      name: 'favourite__read_file',
      canonical: 'filesystem/read_file',
      field: 'description',
      message: 'description is 1200 characters; OpenAI accepts at most 1024',
    },
    { name: 'search', canonical: 'gitlab/search', field: 'name', message: "'search' is listed twice; tool names must be unique" },
  ],
  tokens: { tokens: 1234, method: 'openai-functions', placeholdersExcluded: 2, methodDescription: 'o200k_base' },
  refused: { client: 0, provider: 3 },
  requestRefused: { by: 'provider', message: 'OpenAI would refuse this request as a whole.' },
  leftOut: [{ canonical: 'jira/create_ticket', name: 'jira__create_ticket', reason: 'not-in-catalog', message: 'no catalog server lists it' }],
  instruction: 'Prefer the favourite/ tools.',
  // The first page as the API gives it: agent tools given as a count are counted, not listed.
  page: { offset: 0, limit: 50, sort: 'position.asc', filter: '', matching: 4 },
  tools: [
    {
      position: 3,
      name: 'all/github/create_issue',
      canonical: 'github/create_issue',
      source: 'all',
      description: 'Create a new issue\nin a GitHub repository',
      marks: [nameRejected],
    },
    {
      position: 4,
      name: 'favourite__read_file',
      canonical: 'filesystem/read_file',
      source: 'favourite',
      description: 'Read a file',
      inputSchema: { type: 'object' },
      marks: [{ kind: 'refused-by-provider', message: 'description is 1200 characters; OpenAI accepts at most 1024' }],
    },
    {
      position: 5,
      name: 'search',
      canonical: 'gitlab/search',
      source: 'all',
      marks: [{ kind: 'refused-by-provider', message: "'search' is listed twice; tool names must be unique" }],
    },
    { position: 6, name: 'mcp_find_tools', canonical: null, source: 'meta', description: 'Find tools by what they do' },
  ],
});

/** The whole list, as Copy as JSON fetches it: the agent tools given as a count first. */
const wholeList = async (): Promise<PreviewTool[]> => [
  { name: 'agent-tool-1', canonical: null, source: 'agent', placeholder: true },
  { name: 'agent-tool-2', canonical: null, source: 'agent', placeholder: true },
  ...favindex.tools.map(({ position: _position, ...tool }) => tool),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^\\d+ ${name.replace(/[/$^]/g, '\\$&')}`) });

describe('ModeDetail', () => {
  it('lists the mode in order, one row standing for the agent tools given as a count', () => {
    render(<ModeDetail list={modeListFixture(favindex)} wholeList={wholeList} />);

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Favourites first: 6 tools, in order');
    const table = screen.getByRole('table', { name: 'Favourites first tools in order' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1–2', '3', '4', '5', '6']);
    expect(rows[0]?.textContent).toContain('2 agent tools, given as a count');
    expect(within(rowOf('mcp_find_tools')).getByText('meta')).toBeTruthy();
    // Only a description's first line fits the table.
    expect(within(rowOf('all/github/create_issue')).getByText('Create a new issue')).toBeTruthy();
  });

  it('marks each tool the target would reject with the reason, the full message on hover', () => {
    render(<ModeDetail list={modeListFixture(favindex)} wholeList={wholeList} />);

    expect(within(rowOf('all/github/create_issue')).getByText('name rejected').title).toContain('OpenAI rejects the name');
    expect(within(rowOf('favourite__read_file')).getByText('description too long')).toBeTruthy();
    expect(within(rowOf('search')).getByText('duplicate')).toBeTruthy();
    expect(within(rowOf('mcp_find_tools')).queryByText(/rejected|too long|duplicate/)).toBeNull();
  });

  it('lists the names a client sends, with what the proxy presented and what happens to each', () => {
    const through: ModePreview = {
      ...favindex,
      tools: [
        {
          name: 'mcp__favindex__all_gh_work_create_issue',
          presented: 'all/gh.work/create_issue',
          canonical: 'gh.work/create_issue',
          source: 'all',
          marks: [
            { kind: 'renamed', message: "Codex renames 'all/gh.work/create_issue' to 'mcp__favindex__all_gh_work_create_issue'" },
            { kind: 'collision', message: "'all/gh_work/create_issue' and 'all/gh.work/create_issue' both become 'mcp__favindex__all_gh_work_create_issue'" },
            { kind: 'refused-by-client', message: 'Codex skips a tool whose name is already taken' },
          ],
        },
        {
          name: 'mcp_favindex_fav/read_file',
          presented: 'fav/read_file',
          canonical: 'filesystem/read_file',
          source: 'favourite',
          marks: [{ kind: 'unknown', message: "Cursor's handling of characters outside [A-Za-z0-9_-] is not known" }],
        },
      ],
    };
    render(<ModeDetail list={modeListFixture(through)} wholeList={wholeList} />);

    const row = rowOf('mcp__favindex__all_gh_work_create_issue');
    expect(within(row).getByText('presented as all/gh.work/create_issue')).toBeTruthy();
    expect(within(row).getByText('renamed').title).toContain('Codex renames');
    expect(within(row).getByText('collides')).toBeTruthy();
    expect(within(row).getByText('refused by the client').title).toBe('Codex skips a tool whose name is already taken');
    expect(within(rowOf('mcp_favindex_fav/read_file')).getByText('not known').title).toContain('is not known');
  });

  it('shows the instruction sent with the list and what the mode left out', () => {
    render(<ModeDetail list={modeListFixture(favindex)} wholeList={wholeList} />);

    expect(screen.getByTestId('instruction').textContent).toBe('Instruction sent with the listPrefer the favourite/ tools.');
    expect(screen.getByText('Left out (1)')).toBeTruthy();
    expect(screen.getByText(/no catalog server lists it/).textContent).toBe('jira/create_ticket: no catalog server lists it');
  });

  it('copies the whole list as JSON, not only the page shown, placeholders marked as such, and says so', async () => {
    const user = userEvent.setup();
    render(<ModeDetail list={modeListFixture(favindex)} wholeList={wholeList} />);

    await user.click(screen.getByRole('button', { name: 'Copy as JSON' }));

    expect(screen.getByRole('status').textContent).toBe('Copied 6 tools as JSON');
    const copied = JSON.parse(await navigator.clipboard.readText());
    expect(copied).toHaveLength(6);
    expect(copied[0]).toEqual({ name: 'agent-tool-1', canonical: null, placeholder: true });
    expect(copied[3]).toEqual({ name: 'favourite__read_file', canonical: 'filesystem/read_file', description: 'Read a file', inputSchema: { type: 'object' } });
  });

  it('says where to copy from when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<ModeDetail list={modeListFixture(favindex)} wholeList={wholeList} />);

    await user.click(screen.getByRole('button', { name: 'Copy as JSON' }));

    expect(screen.getByRole('status').textContent).toBe('The browser refused the clipboard; select the list below instead');
  });

  it('does not copy a list that is being replaced', () => {
    render(<ModeDetail list={modeListFixture(favindex, { busy: true })} wholeList={wholeList} />);
    expect((screen.getByRole('button', { name: 'Copy as JSON' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a skeleton until the list arrives', () => {
    render(<ModeDetail list={modeListFixture(undefined, { busy: true })} wholeList={wholeList} />);

    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says what went wrong, links the rule it cites, and tries again on request', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    const error = new ApiClientError(400, {
      error_code: 'INVALID_PARAMETER',
      message: "agentTools: 'x' is not a count or a list of names",
      retryable: false,
      suggested_action: 'send a number, or names separated by commas',
      cited_rule: '§surface',
    });
    const list = modeListFixture(undefined, { query: { data: undefined, error, isError: true, isPending: false, refetch } });
    render(<ModeDetail list={list} wholeList={wholeList} />);

    const alert = screen.getByRole('alert');
    expect(within(alert).getByText("agentTools: 'x' is not a count or a list of names")).toBeTruthy();
    expect(within(alert).getByText('send a number, or names separated by commas')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: '§surface' }).getAttribute('href')).toBe('/docs/rules#surface');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

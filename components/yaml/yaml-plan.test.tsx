import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseProjectDocuments } from '@/lib/yaml/parse-project-documents';
import { planDocument } from '@/lib/yaml/plan';
import { type ApplyResult, YamlPlan } from './yaml-plan';

function project(name: string, favourites: { maxFavourites: number; tools: string[] }, description = ''): string {
  return `apiVersion: favindex/v1
kind: Project
metadata:
  name: ${name}
  description: ${JSON.stringify(description)}
spec:
  favouriteIndex:
    enabled: true
    maxFavourites: ${favourites.maxFavourites}
    tools: [${favourites.tools.join(', ')}]
  surface: {}
`;
}

function doc(text: string) {
  const [first] = parseProjectDocuments(text);
  if (!first) throw new Error('the test YAML holds one document');
  return first;
}

/** A dry run as the API returns it, planned by the same code the API plans with. */
function dryRun(pairs: [current: string | null, next: string][], catalog: ReadonlySet<string> = CATALOG): ApplyResult {
  const projects = pairs.map(([current, next]) => planDocument(current ? doc(current) : null, doc(next), catalog));
  const count = (action: string) => projects.filter((p) => p.action === action).length;
  return {
    dryRun: true,
    applied: false,
    basis: 'b1',
    summary: { create: count('create'), update: count('update'), unchanged: count('unchanged') },
    projects,
  };
}

const CATALOG = new Set(['github/create_issue', 'filesystem/read_file']);
const agent = project('team-agent', { maxFavourites: 2, tools: ['github/create_issue'] });

describe('YamlPlan', () => {
  it('sums up what the documents would do, then each project with its action', () => {
    const plan = dryRun([
      [agent, project('team-agent', { maxFavourites: 4, tools: ['github/create_issue', 'filesystem/read_file'] })],
      [null, project('new-agent', { maxFavourites: 5, tools: [] })],
      [project('quiet-agent', { maxFavourites: 3, tools: [] }), project('quiet-agent', { maxFavourites: 3, tools: [] })],
    ]);
    render(<YamlPlan plan={plan} />);

    expect(screen.getByTestId('yaml-plan').querySelector('p')?.textContent).toBe('1 to create · 1 to update · 1 unchanged');
    for (const [name, action] of [
      ['team-agent', 'update'],
      ['new-agent', 'create'],
      ['quiet-agent', 'unchanged'],
    ] as const) {
      const line = screen.getByText(name).parentElement!;
      expect(within(line).getByText(action)).toBeTruthy();
    }
  });

  it('lists an update field by field, before → after', () => {
    render(<YamlPlan plan={dryRun([[agent, project('team-agent', { maxFavourites: 4, tools: ['github/create_issue', 'filesystem/read_file'] })]])} />);

    const changes = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(changes).toEqual([
      'spec.favouriteIndex.maxFavourites: 2 → 4',
      'spec.favouriteIndex.tools: ["github/create_issue"] → ["github/create_issue","filesystem/read_file"]',
    ]);
  });

  it('cuts a long value short, so one change stays one line', () => {
    const long = 'An agent that triages issues, reviews pull requests and answers questions about the codebase all day';
    render(<YamlPlan plan={dryRun([[agent, project('team-agent', { maxFavourites: 2, tools: ['github/create_issue'] }, long)]])} />);

    const change = screen.getByRole('listitem').textContent ?? '';
    expect(change.startsWith('metadata.description: "" → "An agent that triages')).toBe(true);
    expect(change.endsWith('…')).toBe(true);
    expect(change).not.toContain('all day');
  });

  it('shows the YAML diff of each changed project, line by line', () => {
    render(<YamlPlan plan={dryRun([[agent, project('team-agent', { maxFavourites: 4, tools: ['github/create_issue'] })]])} />);

    const diff = screen.getByRole('region', { name: 'YAML diff' });
    const lines = (diff.textContent ?? '').split('\n');
    expect(lines).toContain('-    maxFavourites: 2');
    expect(lines).toContain('+    maxFavourites: 4');
    expect(lines.some((line) => line.startsWith('@@'))).toBe(true);
  });

  it('has nothing to list or diff for an unchanged project', () => {
    const same = project('quiet-agent', { maxFavourites: 3, tools: [] });
    render(<YamlPlan plan={dryRun([[same, same]])} />);

    const plan = screen.getByTestId('yaml-plan');
    expect(within(plan).queryByRole('list')).toBeNull();
    expect(within(plan).queryByRole('region', { name: 'YAML diff' })).toBeNull();
    expect(within(screen.getByText('quiet-agent').parentElement!).getByText('unchanged')).toBeTruthy();
  });

  it('names each favourite the catalog does not list, in the headline and beside the project', () => {
    render(<YamlPlan plan={dryRun([[agent, project('team-agent', { maxFavourites: 4, tools: ['github/create_issue', 'nothere/nope'] })]])} />);

    expect(screen.getByTestId('yaml-plan').querySelector('p')?.textContent).toBe('0 to create · 1 to update · 0 unchanged · 1 warning');
    const warnings = within(screen.getByRole('list', { name: 'Warnings for team-agent' })).getAllByRole('listitem');
    expect(warnings.map((li) => li.textContent)).toEqual([expect.stringMatching(/^spec\.favouriteIndex\.tools\[1\] nothere\/nope is not in the catalog/)]);
  });
});

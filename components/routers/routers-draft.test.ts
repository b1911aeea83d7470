import { describe, expect, it } from 'vitest';
import type { RoutersConfig } from '@/lib/schemas/routers';
import {
  configOf,
  describeRouter,
  draftOf,
  makeSingleton,
  moveOp,
  problemsOf,
  removeRouter,
  renameRouter,
  setNote,
  setReason,
  splitRouter,
  unplace,
} from './routers-draft';

const CONFIG: RoutersConfig = {
  routers: [
    {
      name: 'issues',
      description: 'GitHub issues.',
      ops: [
        { op: 'get', tool: 'github/get_issue', note: 'One issue.' },
        { op: 'list', tool: 'github/list_issues', note: 'Issues of a repository.' },
        { op: 'create', tool: 'github/create_issue', note: 'A new issue.' },
      ],
    },
    { name: 'pulls', description: 'Pull requests.', ops: [{ op: 'get', tool: 'github/get_pull_request', note: 'One pull request.' }] },
  ],
  singletons: [{ tool: 'github/search_code', reason: 'The only search over code.' }],
};

const keyOf = (draft: ReturnType<typeof draftOf>, name: string) => {
  const router = draft.routers.find((r) => r.name === name);
  if (!router) throw new Error(`no router ${name}`);
  return router.key;
};
const where = (config: RoutersConfig) => [
  ...config.routers.map((r) => `${r.name}: ${r.ops.map((o) => `${o.op}=${o.tool}`).join(' ')}`),
  `singletons: ${config.singletons.map((s) => s.tool).join(' ')}`,
];

describe('the Routers page draft', () => {
  it('gives back the config it was made from, and nothing to refuse', () => {
    const draft = draftOf(CONFIG);
    expect(configOf(draft)).toEqual(CONFIG);
    expect(problemsOf(draft)).toEqual([]);
  });

  it('moves an op to the end of another router, renaming it where that router has an op of its name', () => {
    const draft = draftOf(CONFIG);
    const moved = moveOp(draft, keyOf(draft, 'issues'), 'github/get_issue', keyOf(draft, 'pulls'));
    expect(where(configOf(moved.draft))).toEqual([
      'issues: list=github/list_issues create=github/create_issue',
      'pulls: get=github/get_pull_request get_2=github/get_issue',
      'singletons: github/search_code',
    ]);
    expect(moved.emptied).toEqual([]);
    // The note goes with it.
    expect(configOf(moved.draft).routers[1]?.ops[1]?.note).toBe('One issue.');
  });

  it('drops a router its last op leaves, and says which', () => {
    const draft = draftOf(CONFIG);
    const moved = moveOp(draft, keyOf(draft, 'pulls'), 'github/get_pull_request', keyOf(draft, 'issues'));
    expect(moved.emptied).toEqual(['pulls']);
    expect(configOf(moved.draft).routers.map((r) => r.name)).toEqual(['issues']);
    expect(problemsOf(moved.draft)).toEqual([]);
  });

  it('makes an op or a tool placed nowhere a singleton with its reason, and unplaces one', () => {
    const draft = draftOf(CONFIG);
    const alone = makeSingleton(draft, 'github/create_issue', 'Writes; kept apart from the reads.').draft;
    expect(where(configOf(alone))).toEqual([
      'issues: get=github/get_issue list=github/list_issues',
      'pulls: get=github/get_pull_request',
      'singletons: github/search_code github/create_issue',
    ]);
    expect(configOf(alone).singletons[1]).toEqual({ tool: 'github/create_issue', reason: 'Writes; kept apart from the reads.' });
    const fresh = makeSingleton(alone, 'github/fork_repository', 'The only fork.').draft;
    expect(configOf(fresh).singletons.map((s) => s.tool)).toContain('github/fork_repository');
    expect(where(configOf(unplace(fresh, 'github/search_code').draft)).at(-1)).toBe('singletons: github/create_issue github/fork_repository');
  });

  it('splits the picked ops into a new router right after, and refuses to split off all or none', () => {
    const draft = draftOf(CONFIG);
    const key = keyOf(draft, 'issues');
    const split = splitRouter(draft, key, ['github/create_issue'], 'issue_writes');
    expect(where(configOf(split))).toEqual([
      'issues: get=github/get_issue list=github/list_issues',
      'issue_writes: create=github/create_issue',
      'pulls: get=github/get_pull_request',
      'singletons: github/search_code',
    ]);
    expect(configOf(split).routers[1]?.description).toBe('GitHub issues.');
    expect(splitRouter(draft, key, [], 'x')).toBe(draft);
    expect(splitRouter(draft, key, ['github/get_issue', 'github/list_issues', 'github/create_issue'], 'x')).toBe(draft);
  });

  it('renames, rewords and removes, and names what a save would be refused for', () => {
    let draft = draftOf(CONFIG);
    draft = renameRouter(draft, keyOf(draft, 'issues'), 'gh issues');
    draft = describeRouter(draft, keyOf(draft, 'pulls'), 'Read pull requests.');
    draft = setNote(draft, keyOf(draft, 'pulls'), 'github/get_pull_request', 'One PR\nby number');
    draft = setReason(draft, 'github/search_code', 'Searches code.');
    const config = configOf(draft);
    expect(config.routers[1]?.description).toBe('Read pull requests.');
    expect(config.singletons[0]?.reason).toBe('Searches code.');
    expect(problemsOf(draft)).toEqual([
      'routers.0.name: a router name is letters, digits, _ and -, starting with a letter, at most 48',
      'routers.1.ops.0.note: must be one line',
    ]);
    draft = renameRouter(draft, keyOf(draft, 'gh issues'), 'pulls');
    expect(problemsOf(draft)).toContain('routers.1.name: two routers are named pulls');
    expect(configOf(removeRouter(draft, keyOf(draft, 'pulls'))).routers).toHaveLength(1);
  });
});

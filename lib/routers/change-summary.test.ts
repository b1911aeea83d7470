import { describe, expect, it } from 'vitest';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { describeRoutersChange, summariseRoutersChange } from './change-summary';

const op = (name: string, tool: string, note = `Does ${name}.`) => ({ op: name, tool, note });
const config = (ops: ReturnType<typeof op>[], singletons: RoutersConfig['singletons'] = []): RoutersConfig => ({
  routers: [{ name: 'issues', description: 'Issues.', ops }],
  singletons,
});

describe('a routers change as people read it', () => {
  it('tells placed, moved and unplaced tools apart, and counts rewordings', () => {
    const before = config([op('get', 'gh/get_issue'), op('list', 'gh/list_issues')], [{ tool: 'gh/search_code', reason: 'Alone.' }]);
    const after = config([op('read', 'gh/get_issue'), op('list', 'gh/list_issues', 'Lists issues.')], [{ tool: 'gh/search_code', reason: 'Still alone.' }]);
    after.singletons.push({ tool: 'gh/fork', reason: 'One of a kind.' });
    expect(summariseRoutersChange(before, after)).toEqual({
      routersAdded: [],
      routersRemoved: [],
      placed: ['gh/fork'],
      unplaced: [],
      moved: [{ tool: 'gh/get_issue', from: 'issues.get', to: 'issues.read' }],
      reworded: 2,
    });
    expect(describeRoutersChange(before, after)).toBe('placed gh/fork · moved gh/get_issue (issues.get → issues.read) · 2 texts reworded');
  });

  it('names five tools of a kind at most, says a mere reordering, and no change', () => {
    const many = config(Array.from({ length: 8 }, (_, i) => op(`op_${i}`, `gh/tool_${i}`)));
    expect(describeRoutersChange(null, many)).toBe('added 1 router issues · placed gh/tool_0, gh/tool_1, gh/tool_2, gh/tool_3, gh/tool_4 and 3 more');
    const reordered = config([...many.routers[0]!.ops].reverse());
    expect(describeRoutersChange(many, reordered)).toBe('reordered');
    expect(describeRoutersChange(many, many)).toBe('no change');
  });
});

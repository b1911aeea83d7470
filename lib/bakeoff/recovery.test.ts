import { describe, expect, it } from 'vitest';
import { recoveryOf } from './recovery';
import { parseArguments, type ToolCallRecord } from './transcript';

const TARGET = 'tracker/create_label';

/** Hand-made calls, one per turn unless a turn is given: `w:router` a wrong op, `l:router` list_ops, `r:router:tool` a right op, `t:tool` a tool of its own. */
function calls(...steps: (string | [string, number])[]): ToolCallRecord[] {
  return steps.map((step, i) => {
    const [text, turn] = typeof step === 'string' ? [step, i] : step;
    const [kind, a = '', b = ''] = text.split(':');
    const base = { turn, presented: a, rawArguments: '{}', arguments: parseArguments('{}') };
    if (kind === 'w') return { ...base, canonical: null, router: a, op: 'guessed' };
    if (kind === 'l') return { ...base, canonical: null, router: a, op: 'list_ops', source: 'meta' as const };
    if (kind === 'r') return { ...base, canonical: `tracker/${b}`, router: a, op: b };
    return { ...base, canonical: `tracker/${a}` };
  });
}

describe('turns to recover from wrong ops', () => {
  it('none without a wrong op, whatever else was called', () => {
    expect(recoveryOf(calls('t:get_issue', 'l:write', 'r:write:create_label'), TARGET)).toEqual({ wrongOps: 0, turnsToRecover: [], neverRecovered: 0 });
  });

  it('a wrong op, list_ops, the right op: one recovery of 2 turns (list_ops alone recovers nothing)', () => {
    expect(recoveryOf(calls('w:write', 'l:write', 'r:write:create_label'), TARGET)).toEqual({ wrongOps: 1, turnsToRecover: [2], neverRecovered: 0 });
    expect(recoveryOf(calls('w:write', 'l:write'), TARGET)).toEqual({ wrongOps: 1, turnsToRecover: [], neverRecovered: 1 });
  });

  it('guessing again is the same recovery going on: three wrong ops, one recovery of 3 turns', () => {
    expect(recoveryOf(calls('w:write', 'w:write', 'w:write', 'r:write:update_label'), TARGET)).toEqual({
      wrongOps: 3,
      turnsToRecover: [3],
      neverRecovered: 0,
    });
  });

  it('a right op of another router recovers nothing of this one; the target, however called, recovers every router', () => {
    expect(recoveryOf(calls('w:write', 'r:read:get_label', 'w:read'), TARGET)).toEqual({ wrongOps: 2, turnsToRecover: [], neverRecovered: 2 });
    expect(recoveryOf(calls('w:write', 'w:read', 't:create_label'), TARGET)).toEqual({ wrongOps: 2, turnsToRecover: [2, 1], neverRecovered: 0 });
  });

  it('a recovery ends, and the next wrong op starts another; a right op in the same turn recovers in 0 turns', () => {
    expect(recoveryOf(calls('w:write', 'r:write:get_label', 'w:write', 'w:write', 'r:write:create_label'), TARGET)).toEqual({
      wrongOps: 3,
      turnsToRecover: [1, 2],
      neverRecovered: 0,
    });
    expect(recoveryOf(calls(['w:write', 0], ['r:write:create_label', 0]), TARGET)).toEqual({ wrongOps: 1, turnsToRecover: [0], neverRecovered: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { ArgumentChecks } from './argument-checks';

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

describe('ArgumentChecks.report (the check of a call already sent)', () => {
  it('reports what the check finds, and nothing with checks off', () => {
    const checks = new ArgumentChecks(() => {});
    expect(checks.report('observe', 'files/read', SCHEMA, { path: 1 })).toEqual([expect.objectContaining({ path: '$.path', class: 'type_error' })]);
    expect(checks.report('observe', 'files/read', SCHEMA, { path: 'a' })).toEqual([]);
    expect(checks.report('off', 'files/read', SCHEMA, { path: 1 })).toBeUndefined();
  });

  it('never throws: arguments the check cannot read are said on stderr, and the call counts unchecked', () => {
    const said: string[] = [];
    const checks = new ArgumentChecks((m) => said.push(m));
    const unreadable = {
      get path(): string {
        throw new Error('cannot read path');
      },
    };
    expect(checks.report('observe', 'files/read', SCHEMA, unreadable)).toBeUndefined();
    expect(said).toEqual(['files/read: the argument check failed (cannot read path); this call is counted unchecked']);
  });
});

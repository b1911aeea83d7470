import { describe, expect, it } from 'vitest';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { rebaseSurfaceChange, surfaceFieldChanges } from './surface-plan';

const base = defaultSurfaceConfig();

describe('surfaceFieldChanges', () => {
  it('names each changed field by its dotted path, a list as one field, a field set or removed against null', () => {
    const after = { ...base, mode: 'lazy' as const, agentTools: ['search', 'edit'], customCap: 50, limits: { ...base.limits, retrieveK: 4 } };
    expect(surfaceFieldChanges(base, after)).toEqual([
      { path: 'mode', before: 'favindex', after: 'lazy' },
      { path: 'agentTools', before: 0, after: ['search', 'edit'] },
      { path: 'limits.retrieveK', before: 10, after: 4 },
      { path: 'customCap', before: null, after: 50 },
    ]);
    expect(surfaceFieldChanges(after, after)).toEqual([]);
  });
});

describe('rebaseSurfaceChange', () => {
  it('keeps what someone else changed meanwhile and sets only the fields this change sets', () => {
    const mine = { ...base, mode: 'lazy' as const };
    const theirs = { ...base, naming: 'slash' as const, customCap: 30, limits: { ...base.limits, maxToolsPerRequest: 20 } };
    expect(rebaseSurfaceChange(base, mine, theirs)).toEqual({ ...theirs, mode: 'lazy' });
  });

  it('removes a field the change removes', () => {
    const withCap = { ...base, target: 'custom' as const, customCap: 40 };
    const { customCap: _, ...without } = { ...withCap, target: 'openai' as const };
    expect(rebaseSurfaceChange(withCap, without, { ...withCap, mode: 'eager' })).toEqual({ ...without, mode: 'eager' });
  });
});

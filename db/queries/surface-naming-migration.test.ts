import { describe, expect, it } from 'vitest';
import { surfacesMigratedFrom } from '@/test/migrations-before';

const MIGRATION = '0008_surface_naming_slash';

describe(`migration ${MIGRATION}`, () => {
  it('keeps the slash names of every project made before naming existed; a set naming or key stays', async () => {
    const surface = { mode: 'favindex', target: 'openai', agentTools: 0, instruction: 'x', limits: { maxToolsPerRequest: 120 } };
    const byId = await surfacesMigratedFrom(MIGRATION, { old: surface, keyed: { ...surface, serverKey: 'work' } });
    // 0018 and 0029, run on after it, fill in argumentChecks and toolBudget the same way.
    const later = { argumentChecks: 'observe', toolBudget: 30 };
    expect(byId.old).toEqual({ ...surface, naming: 'slash', serverKey: 'favindex', ...later });
    expect(byId.keyed).toEqual({ ...surface, naming: 'slash', serverKey: 'work', ...later });
  });
});

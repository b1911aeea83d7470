import { describe, expect, it } from 'vitest';
import { surfacesMigratedFrom } from '@/test/migrations-before';

const MIGRATION = '0018_events_failure_classes';

describe(`migration ${MIGRATION}`, () => {
  it('gives projects made before argument checks existed the default, observe; a set mode stays', async () => {
    const surface = { mode: 'favindex', target: 'openai', naming: 'safe', serverKey: 'favindex', agentTools: 0, instruction: 'x' };
    const byId = await surfacesMigratedFrom(MIGRATION, { old: surface, set: { ...surface, argumentChecks: 'enforce' } });
    // 0029, run on after it, fills in toolBudget the same way.
    expect(byId.old).toEqual({ ...surface, argumentChecks: 'observe', toolBudget: 30 });
    expect(byId.set).toEqual({ ...surface, argumentChecks: 'enforce', toolBudget: 30 });
  });
});

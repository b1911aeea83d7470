import { describe, expect, it } from 'vitest';
import { surfacesMigratedFrom } from '@/test/migrations-before';

const MIGRATION = '0029_routers';

describe(`migration ${MIGRATION}`, () => {
  it('gives projects made before the attention budget existed its default, 30; a set budget stays', async () => {
    const surface = { mode: 'favindex', target: 'openai', naming: 'safe', serverKey: 'favindex', agentTools: 0, instruction: 'x', argumentChecks: 'observe' };
    const byId = await surfacesMigratedFrom(MIGRATION, { old: surface, set: { ...surface, toolBudget: 12 } });
    expect(byId.old).toEqual({ ...surface, toolBudget: 30 });
    expect(byId.set).toEqual({ ...surface, toolBudget: 12 });
  });
});

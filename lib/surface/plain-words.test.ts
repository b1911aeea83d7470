import { describe, expect, it } from 'vitest';
import { NAMING_SCHEMES, SURFACE_MODES, TARGET_IDS } from '@/lib/schemas/surface-config';
import { modePlain } from './mode-traits';
import { modePill, NAMING_PLAIN, namingPill, targetPill, targetPlain } from './plain-words';

describe('plain words for the project header', () => {
  it('says what every mode, naming and target is, in a sentence, not the bare setting', () => {
    for (const mode of SURFACE_MODES) expect(modePlain(mode), mode).toMatch(/^[A-Z][^:]+: clients get .+\.$/);
    for (const naming of NAMING_SCHEMES) expect(NAMING_PLAIN[naming], naming).toMatch(/^\w+ names: tool names .+\.$/);
    for (const target of TARGET_IDS) expect(targetPlain(target), target).toMatch(/^Target: .+ checked against/);
  });

  it('labels each pill with what it is, so `openai` alone never stands for a target', () => {
    expect(modePill('favindex')).toBe('Mode: favourites first');
    expect(modePill('lazy')).toBe('Mode: lazy');
    expect(targetPill('openai')).toBe('Target: OpenAI');
    expect(namingPill('safe')).toBe('Names: safe');
    expect(targetPlain('openai')).toBe(
      'Target: OpenAI, the provider the tool list is checked against (at most 128 tools in one request, and its rule for tool names).',
    );
    expect(targetPlain('custom', 64)).toContain('(64 tools)');
  });
});

import type { ModePreview } from '@/lib/surface/preview';

/** A mode preview with nothing wrong and nothing in it, for component tests to fill in. */
export function modePreviewFixture(overrides: Partial<ModePreview> & Pick<ModePreview, 'mode'>): ModePreview {
  return {
    count: 0,
    cap: 128,
    clientCap: null,
    fits: true,
    overBy: 0,
    warn: false,
    problems: [],
    tokens: { tokens: 0, method: 'openai-functions', placeholdersExcluded: 0, methodDescription: 'o200k_base' },
    // Nothing deferred unless a test says so: every tool the model receives is sent in full.
    visibility: {
      defers: 'nothing',
      full: overrides.count ?? 0,
      name: 0,
      hidden: 0,
      cut: 0,
      tokensUpFront: 0,
      tokensPerSearch: null,
      method: 'o200k_base',
      search: null,
      notes: [],
    },
    refused: { client: 0, provider: 0 },
    renamed: 0,
    tooLong: 0,
    collisions: 0,
    unknown: 0,
    requestRefused: null,
    fix: null,
    leftOut: [],
    notes: [],
    instruction: null,
    revision: { differs: false, plain: 'The same on both revisions: this list never depended on a session.' },
    tools: [],
    ...overrides,
  };
}
